export default function CampInfoPage() {
  return (
    <div className="page">
      <h1>CampInfoPage</h1>
    </div>
  );
}
