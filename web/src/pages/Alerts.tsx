export default function Alerts() {
  return <div className="page"><h1 tabIndex={-1}>Alerts</h1></div>;
}
