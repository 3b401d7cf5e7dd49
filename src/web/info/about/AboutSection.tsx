import { Outlet } from "react-router";

export default function AboutSection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
