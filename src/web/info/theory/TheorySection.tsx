import { InfoSection } from "../InfoSection.tsx";
import "./theory.css";

export default function TheorySection() {
  return (
    <InfoSection
      title="Teori"
      tabsLabel="Teori"
      tabs={[
        { label: "Informasjon", to: "/teori/informasjon" },
        { label: "Taegeukgi", to: "/teori/taegeukgi" },
        { label: "Mom", to: "/teori/mom" },
        { label: "Pensum", to: "/teori/pensum" },
      ]}
    />
  );
}
