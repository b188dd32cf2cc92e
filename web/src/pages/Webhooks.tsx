// Webhook subscriptions (create, delete, send a test), the event types, and the log of
// delivery attempts with retry. Pro plan.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ChoiceSelect, Field, FormError, InputField, SmallButton } from '../components/Field';
import { Panel } from '../components/Panel';
import { ProPage } from '../components/ProPage';
import { QueryTable } from '../components/QueryTable';
import { ConfirmDelete, SecretOnce } from '../components/SecretOnce';
import { ErrorState, Loading } from '../components/states';
import { api } from '../lib/api';
import { fmtDateTime, fmtInt } from '../lib/format';
import type { Delivery, Items, Subscription, WebhookEventType } from '../lib/types';

const SUBS = ['webhooks', 'subscriptions'];
const DELIVERIES = ['webhooks', 'deliveries'];

function CreateSubscription({ events }: { events: WebhookEventType[] }) {
  const qc = useQueryClient();
  const [eventType, setEventType] = useState(events[0]?.type ?? '');
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<Subscription | null>(null);
  const ids = useId();
  const create = useMutation({
    mutationFn: () =>
      api<Subscription>('/api/webhooks/subscriptions', { method: 'POST', body: { event_type: eventType, url: url.trim() } }),
    onSuccess: (s) => {
      setCreated(s);
      setUrl('');
      return qc.invalidateQueries({ queryKey: SUBS });
    },
  });
  const urlError = url && !/^https:\/\//i.test(url.trim()) ? 'Webhook URLs must start with https://' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!eventType || !url.trim() || urlError) return;
    create.mutate();
  };
  return (
    <>
      {created?.secret && (
        <SecretOnce title={`Subscribed ${created.url} to ${created.event_type}`} secret={created.secret} onDone={() => setCreated(null)} />
      )}
      <form className="inline-form" onSubmit={submit}>
        <Field id={`${ids}e`} label="Event type">
          <ChoiceSelect
            id={`${ids}e`}
            value={eventType}
            choices={events.map((ev) => ({ value: ev.type, label: ev.type }))}
            onChoose={setEventType}
          />
        </Field>
        <InputField
          id={`${ids}u`}
          label="Endpoint URL"
          className="grow"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/honeypot"
          aria-invalid={urlError ? true : undefined}
          required
          maxLength={2048}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !url.trim() || !!urlError}>
          {create.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
      <FormError problem={urlError} error={create.error} />
    </>
  );
}

function SubscriptionRow({ s }: { s: Subscription }) {
  const qc = useQueryClient();
  const test = useMutation({
    mutationFn: () => api<Delivery>(`/api/webhooks/subscriptions/${encodeURIComponent(s.id)}/test`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: DELIVERIES }),
  });
  const del = useMutation({
    mutationFn: () => api(`/api/webhooks/subscriptions/${encodeURIComponent(s.id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SUBS }),
  });
  const r = test.data;
  return (
    <tr>
      <td>
        <code>{s.event_type}</code>
      </td>
      <td className="break">{s.url}</td>
      <td>{s.status ? <span className={`badge ${s.status === 'active' ? 'badge-ok' : 'badge-failed'}`}>{s.status}</span> : '—'}</td>
      <td className="nowrap">{fmtDateTime(s.created_at)}</td>
      <td>
        <div className="row-actions">
          <SmallButton label={`Send a test event to ${s.url}`} onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? 'Sending…' : 'Send test'}
          </SmallButton>
          <ConfirmDelete what={`the subscription to ${s.url}`} onConfirm={() => del.mutate()} busy={del.isPending} />
        </div>
        {r && (
          <p className={`small ${r.status === 'succeeded' ? 'ok-text' : 'form-error'}`} role="status">
            Test {r.status}
            {r.response_status ? ` (HTTP ${r.response_status})` : ''}
            {r.duration_ms !== null ? ` in ${fmtInt(r.duration_ms)} ms` : ''}
            {r.error ? `: ${r.error}` : ''}
          </p>
        )}
        <FormError error={test.error ?? del.error} small />
      </td>
    </tr>
  );
}

function DeliveryRow({ d }: { d: Delivery }) {
  const qc = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api<Delivery>(`/api/webhooks/deliveries/${encodeURIComponent(d.id)}/retry`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: DELIVERIES }),
  });
  return (
    <tr>
      <td className="nowrap">{fmtDateTime(d.created_at, { seconds: true })}</td>
      <td>
        <code>{d.event_type}</code>
        {d.rule_id && <span className="muted small"> · alert rule</span>}
      </td>
      <td className="break">{d.url}</td>
      <td className="num">{d.attempt}</td>
      <td>
        <span className={`badge badge-${d.status}`}>{d.status}</span>
      </td>
      <td className="num">{d.response_status ?? '—'}</td>
      <td className="num">{d.duration_ms === null ? '—' : `${fmtInt(d.duration_ms)} ms`}</td>
      <td className="break small">{d.error ?? ''}</td>
      <td>
        {d.status !== 'succeeded' && (
          <SmallButton label={`Retry delivery ${d.id}`} onClick={() => retry.mutate()} disabled={retry.isPending}>
            {retry.isPending ? 'Retrying…' : 'Retry'}
          </SmallButton>
        )}
        <FormError error={retry.error} small />
      </td>
    </tr>
  );
}

export default function Webhooks() {
  return (
    <ProPage name="webhooks" title="Webhooks" subtitle="Push new intel to your systems as it is extracted, signed per Standard Webhooks.">
      <WebhooksPro />
    </ProPage>
  );
}

function WebhooksPro() {
  const events = useQuery({ queryKey: ['webhooks', 'events'], queryFn: () => api<Items<WebhookEventType>>('/api/webhooks/events') });
  const subs = useQuery({ queryKey: SUBS, queryFn: () => api<Items<Subscription>>('/api/webhooks/subscriptions') });
  const [limit, setLimit] = useState(50);
  const deliveries = useQuery({
    queryKey: [...DELIVERIES, limit],
    queryFn: () => api<Items<Delivery>>('/api/webhooks/deliveries', { query: { limit } }),
    refetchInterval: 10_000,
  });
  return (
    <>
      {events.isError ? (
        <ErrorState error={events.error} feature="Webhooks" onRetry={() => void events.refetch()} />
      ) : (
        <div className="stack">
          <Panel title="Subscriptions" testId="subscriptions">
            {events.isPending ? <Loading label="Loading event types" /> : <CreateSubscription events={events.data.items} />}
            <QueryTable
              query={subs}
              feature="Subscriptions"
              empty="No subscriptions yet. Subscribe an HTTPS endpoint above."
              columns={['Event', 'URL', 'Status', 'Created', 'Actions']}
              row={(s) => <SubscriptionRow key={s.id} s={s} />}
            />
          </Panel>
          <Panel
            title="Deliveries"
            testId="deliveries"
            subtitle="Every attempt, newest first; refreshes every 10 seconds"
            actions={
              <>
                <label className="inline-label" htmlFor="deliveries-limit">
                  Show
                </label>
                <select id="deliveries-limit" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
                  {[50, 100, 200, 500].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <button type="button" className="btn btn-small" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
                  Refresh
                </button>
              </>
            }
          >
            <QueryTable
              query={deliveries}
              feature="Deliveries"
              empty="No delivery attempts yet. “Send test” on a subscription makes one."
              tall
              columns={[
                'When',
                'Event',
                'URL',
                { label: 'Attempt', num: true },
                'Status',
                { label: 'HTTP', num: true },
                { label: 'Took', num: true },
                'Error',
                { label: 'Actions', srOnly: true },
              ]}
              row={(d) => <DeliveryRow key={d.id} d={d} />}
            />
          </Panel>
          {events.data && (
            <Panel title="Event types" testId="event-types">
              <dl className="event-types">
                {events.data.items.map((e) => (
                  <div key={e.type}>
                    <dt>
                      <code>{e.type}</code>
                    </dt>
                    <dd>{e.description}</dd>
                  </div>
                ))}
              </dl>
            </Panel>
          )}
        </div>
      )}
    </>
  );
}
