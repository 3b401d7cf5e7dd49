import { Outlet } from "react-router";

export default function TheorySection() {
  return (
    <div className="page">
      <Outlet />
    </div>
  );
}
