import { Outlet } from "react-router";

export default function YouthAdultSection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
