import { InfoSection } from "../InfoSection.tsx";

export default function GymSection() {
  return (
    <InfoSection
      title="Trimrom"
      tabsLabel="Om trimrommet"
      tabs={[
        { label: "Informasjon", to: "/trimrom/informasjon" },
        { label: "Priser", to: "/trimrom/priser" },
      ]}
    />
  );
}
