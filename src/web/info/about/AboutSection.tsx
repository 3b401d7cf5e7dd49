import { InfoSection } from "../InfoSection.tsx";

/** The two tabs have different subjects, so each page carries its own <h1>. */
export default function AboutSection() {
  return (
    <InfoSection
      tabsLabel="Om klubben og taekwondo"
      tabs={[
        { label: "Om oss", to: "/om/oss" },
        { label: "Taekwondo", to: "/om/taekwondo" },
      ]}
    />
  );
}
