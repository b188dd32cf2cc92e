// Integrations (pro): where the TAXII 2.1 feed is (discovery URL, API root, this key's
// collection as the server lists it), how OpenCTI and MISP read it, and the export endpoints.
// The page never holds a key: it says where one goes. A free org sees the pro-plan state and
// no TAXII or export endpoint is called.

import { Panel } from '../components/Panel';
import { ProPage } from '../components/ProPage';
import { QueryBody } from '../components/states';
import { useMe } from '../lib/session';
import { ExportsPanel } from './integrations/Exports';
import { MispGuide, OpenCtiGuide } from './integrations/Guides';
import { CopyableTerm, Snippet } from './integrations/Snippet';
import { collectionUrl, TAXII_MEDIA_TYPE, taxiiUrls, useCollections, type TaxiiUrls } from './integrations/taxii';
import './integrations/integrations.css';

function TaxiiPanel({ urls }: { urls: TaxiiUrls }) {
  const q = useCollections();
  const orgId = useMe()?.org.id ?? '{org_id}';
  const first = q.data?.collections?.[0]?.id ?? 'COLLECTION_ID';
  const curl = [
    'export HONEYPOT_KEY=hpk_…   # a read key of your organisation',
    `curl -H "Authorization: Bearer $HONEYPOT_KEY" -H "Accept: ${TAXII_MEDIA_TYPE}" ${urls.discovery}`,
    `curl -H "Authorization: Bearer $HONEYPOT_KEY" -H "Accept: ${TAXII_MEDIA_TYPE}" "${collectionUrl(urls, first)}objects/?limit=100"`,
  ].join('\n');
  return (
    <Panel
      title="TAXII 2.1 feed"
      testId="taxii"
      className="w-6"
      subtitle="Tier-1 intel as STIX 2.1 objects, polled by OpenCTI, MISP or any TAXII 2.1 client"
    >
      <dl className="int-fields">
        <CopyableTerm term="Discovery URL" value={urls.discovery} what="TAXII discovery URL" testId="taxii-discovery" />
        <CopyableTerm term="API root" value={urls.apiRoot} what="TAXII API root" testId="taxii-api-root" />
      </dl>
      <QueryBody
        q={q}
        feature="Your TAXII collection"
        height={80}
        isEmpty={(d) => !d.collections?.length}
        empty="The server lists no collection for this key."
      >
        {(d) =>
          d.collections!.map((c) => (
            <dl key={c.id} className="int-fields" data-collection={c.id}>
              <CopyableTerm term="Collection id" value={c.id} what="collection id" testId="taxii-collection-id" />
              <CopyableTerm term="Collection title" value={c.title} what="collection title" testId="taxii-collection-title" />
              <CopyableTerm term="Collection URL" value={collectionUrl(urls, c.id)} what="collection URL" testId="taxii-collection-url" />
            </dl>
          ))
        }
      </QueryBody>
      <div className="int-note" data-testid="taxii-auth">
        <p>
          Every request needs the header <code>Authorization: Bearer &lt;a read key&gt;</code>: a TAXII client needs an API key of this
          organisation with the <strong>read</strong> role. The dashboard never shows keys; your administrator creates one with the admin
          API (<code>POST /api/admin/orgs/{orgId}/keys</code> with <code>{'{"name": "OpenCTI", "role": "read"}'}</code>); its secret is
          shown once.
        </p>
        <p>
          Each key reads the one collection of its organisation and scope. The collection above is the one of the key you signed in with; a
          key with another scope reads another collection (its id is listed at <code>/taxii2/api/collections/</code>).
        </p>
      </div>
      <Snippet text={curl} what="TAXII curl commands" testId="taxii-curl" />
    </Panel>
  );
}

function IntegrationsPro() {
  const urls = taxiiUrls();
  const q = useCollections();
  const collection = q.data?.collections?.[0] ?? null;
  return (
    <div className="grid">
      <TaxiiPanel urls={urls} />
      <OpenCtiGuide urls={urls} />
      <MispGuide urls={urls} collection={collection} />
      <ExportsPanel origin={urls.origin} />
    </div>
  );
}

export default function Integrations() {
  return (
    <ProPage
      name="integrations"
      title="Integrations"
      subtitle="Scam-call intel where fraud and threat-intel teams work: a TAXII 2.1 feed for OpenCTI and MISP, and STIX 2.1, MISP and CSV exports."
      feature="Integrations (the TAXII 2.1 feed and the STIX, MISP and CSV exports)"
    >
      <IntegrationsPro />
    </ProPage>
  );
}
