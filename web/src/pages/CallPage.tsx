export default function CallPage({ sid }: { sid: string }) {
  return <div className="page"><h1 tabIndex={-1}>{sid}</h1></div>;
}
