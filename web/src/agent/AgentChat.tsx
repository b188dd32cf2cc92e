export default function AgentChat({ variant, onClose }: { variant: 'page' | 'side'; onClose?: () => void }) {
  return <div>{variant}<button onClick={onClose}>x</button></div>;
}
