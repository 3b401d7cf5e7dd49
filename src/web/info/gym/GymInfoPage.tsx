export default function GymInfoPage() {
  return (
    <div className="page">
      <h1>GymInfoPage</h1>
    </div>
  );
}
