export default function CampSchedulePage() {
  return (
    <div className="page">
      <h1>CampSchedulePage</h1>
    </div>
  );
}
