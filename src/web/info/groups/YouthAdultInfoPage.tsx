export default function YouthAdultInfoPage() {
  return (
    <div className="page">
      <h1>YouthAdultInfoPage</h1>
    </div>
  );
}
