export default function YouthAdultTimesPage() {
  return (
    <div className="page">
      <h1>YouthAdultTimesPage</h1>
    </div>
  );
}
