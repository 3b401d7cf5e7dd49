export default function ChildrenInfoPage() {
  return (
    <div className="page">
      <h1>ChildrenInfoPage</h1>
    </div>
  );
}
