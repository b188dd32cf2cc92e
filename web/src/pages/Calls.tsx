export default function Calls() {
  return <div className="page"><h1 tabIndex={-1}>Calls</h1></div>;
}
