import type { ReactNode } from 'react';
import { useTier } from '../lib/tier';
import { PageHeader } from './PageHeader';
import { ProNotice } from './states';

/**
 * A page of the pro plan: its header, then its content on the pro plan and the pro notice on the
 * free one. The plan comes from /api/me, so a free org's page calls no pro path.
 */
export function ProPage({
  name,
  title,
  subtitle,
  feature = title,
  children,
}: {
  name: string;
  title: string;
  subtitle: string;
  feature?: string;
  children: ReactNode;
}) {
  const tier = useTier();
  return (
    <div className={`page page-${name}`}>
      <PageHeader title={title} subtitle={subtitle} />
      {tier === 'pro' ? children : <ProNotice feature={feature} height={160} />}
    </div>
  );
}
