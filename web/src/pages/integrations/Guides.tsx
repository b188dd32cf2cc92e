// How OpenCTI and MISP read the feed: which URL, which collection, where the key goes.

import { Panel } from '../../components/Panel';
import { Link } from '../../lib/router';
import { collectionUrl, TAXII_MEDIA_TYPE, type TaxiiCollection, type TaxiiUrls } from './taxii';
import { Snippet } from './Snippet';

/** OpenCTI's TAXII2 connector (external import), configured by environment variables. */
export function OpenCtiGuide({ urls }: { urls: TaxiiUrls }) {
  const env = [
    `TAXII2_DISCOVERY_URL=${urls.discovery}`,
    'TAXII2_V21=true',
    'TAXII2_USE_TOKEN=true',
    'TAXII2_TOKEN=<a read key>',
    'TAXII2_COLLECTIONS=api.*',
    'TAXII2_INITIAL_HISTORY=168',
  ].join('\n');
  return (
    <Panel title="OpenCTI" testId="opencti" className="w-3" subtitle="The TAXII2 connector (external import) polls the feed">
      <ol className="int-steps">
        <li>
          Deploy OpenCTI's <strong>TAXII2</strong> connector and give it the discovery URL above.
        </li>
        <li>
          Authenticate with a token: the connector then sends <code>Authorization: Bearer &lt;a read key&gt;</code>. A key is needed; use a
          read key of this organisation (not shown here).
        </li>
        <li>
          Collections: <code>api.*</code>. The API root&apos;s path is <code>api</code> and a key reads exactly one collection, so this
          polls the collection listed above. (The connector names a collection by its title, and titles with a comma or a dot cannot be
          named there.)
        </li>
      </ol>
      <Snippet text={env} what="OpenCTI connector settings" testId="opencti-env" />
      <p className="help">
        TAXII2_INITIAL_HISTORY is in hours: the first run reads what was added in the last week. Objects keep their ids across runs, so a
        call polled twice updates, not duplicates: an object comes again only as a newer version (a later <code>modified</code>), and each
        poll carries our identity, the extension definition and the TLP marking its objects refer to. Objects are marked with your
        organisation&apos;s TLP 2.0 level (TLP:AMBER unless your administrator set another), which OpenCTI applies as their marking.
      </p>
    </Panel>
  );
}

/** MISP: the event export through MISP's event import, or misp-modules' TAXII 2.1 import. */
export function MispGuide({ urls, collection }: { urls: TaxiiUrls; collection: TaxiiCollection | null }) {
  const url = collectionUrl(urls, collection?.id ?? 'COLLECTION_ID');
  return (
    <Panel title="MISP" testId="misp" className="w-3" subtitle="Import the MISP event export, or poll the TAXII collection">
      <h3 className="int-h3">The MISP event (simplest)</h3>
      <p>
        Download <strong>MISP event</strong> from the Export menu on the <Link to="/">overview</Link>&apos;s Tier-1 panel (or with curl,
        below), then import it in MISP (Event Actions → Import from… → MISP JSON). The event&apos;s uuid is fixed for your organisation and
        key scope, so the next export updates the same event.
      </p>
      <h3 className="int-h3">The TAXII feed</h3>
      <p>
        The <strong>TAXII 2.1 Import</strong> module of misp-modules reads a collection URL with <code>Accept: {TAXII_MEDIA_TYPE}</code>:
      </p>
      <Snippet text={url} what="collection URL for MISP" testId="misp-collection-url" />
      <p>
        That module signs in with a username and password: give any username and <strong>a read key as the password</strong> (the TAXII feed
        takes a key as the HTTP Basic password as well as in <code>Authorization: Bearer &lt;a read key&gt;</code>).
      </p>
      <p>
        MISP&apos;s own TAXII client (Sync Actions → TAXII Servers → Add) works the same way: the discovery URL above, API root{' '}
        <code>api</code>, the collection id, any username and a read key as the password; an unauthenticated request is answered with both a
        Bearer and a Basic challenge, so a client that waits for a Basic challenge sends the key. The event carries the same TLP as the STIX
        objects, as a <code>tlp:</code> tag.
      </p>
    </Panel>
  );
}
