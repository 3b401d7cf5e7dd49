import { Outlet } from "react-router";
import { SectionTabs } from "../../components/SectionTabs.tsx";
import { useAnnouncedCamp } from "../../lib/camp-edition.tsx";
import "./camp-info.css";

const tabs = [
  { label: "Informasjon", to: "/vinterleir" },
  { label: "Program og flyer", to: "/vinterleir/schedule" },
  { label: "Priser", to: "/vinterleir/priser" },
];

export default function CampSection() {
  const camp = useAnnouncedCamp();
  return (
    <div className="page">
      <h1>{camp ? `Vinterleir ${camp.year}` : "Vinterleir"}</h1>
      <SectionTabs label="Vinterleir" tabs={tabs} />
      <Outlet />
    </div>
  );
}
