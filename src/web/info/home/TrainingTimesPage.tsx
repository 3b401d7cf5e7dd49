export default function TrainingTimesPage() {
  return (
    <div className="page">
      <h1>TrainingTimesPage</h1>
    </div>
  );
}
