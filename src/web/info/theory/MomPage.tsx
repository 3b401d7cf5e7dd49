export default function MomPage() {
  return (
    <div className="page">
      <h1>MomPage</h1>
    </div>
  );
}
