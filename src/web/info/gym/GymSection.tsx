import { Outlet } from "react-router";

export default function GymSection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
