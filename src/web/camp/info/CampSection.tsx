import { Outlet } from "react-router";

export default function CampSection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
