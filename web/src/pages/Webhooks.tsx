export default function Webhooks() {
  return <div className="page"><h1 tabIndex={-1}>Webhooks</h1></div>;
}
