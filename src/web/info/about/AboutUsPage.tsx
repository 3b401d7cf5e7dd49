export default function AboutUsPage() {
  return (
    <div className="page">
      <h1>AboutUsPage</h1>
    </div>
  );
}
