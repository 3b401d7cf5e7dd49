import { Outlet } from "react-router";

export default function ChildrenSection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
