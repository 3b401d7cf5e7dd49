export default function ChildrenTimesPage() {
  return (
    <div className="page">
      <h1>ChildrenTimesPage</h1>
    </div>
  );
}
