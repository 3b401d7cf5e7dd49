export default function TheoryInfoPage() {
  return (
    <div className="page">
      <h1>TheoryInfoPage</h1>
    </div>
  );
}
