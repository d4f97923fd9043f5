import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { appOrigin } from '../http/client-info';
import { uuidParam, notWords } from '../http/path-ids';
import { requireUser } from '../http/require-user';
import { CSV_BOM, CSV_HEADER, csvRow, csvRowOf, vcardOf } from '../services/connections/contact-formats';
import { contactsOf } from '../services/connections/contacts';

/** Sends `chunks` one by one, so an export of thousands of contacts is never one string in memory. */
function download(c: Context<AppEnv>, type: string, filename: string, chunks: Iterable<string>): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return c.body(body, 200, {
    'Content-Type': `${type}; charset=utf-8`,
    // RFC 6266: an ASCII name for every client, the UTF-8 one ('Åsa Lind.vcf') for those that read it.
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'Cache-Control': 'private, no-store',
  });
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Taking contacts home (docs/product.md section 13): one connection as a vCard 4.0, all of them as one .vcf,
 * and as CSV (UTF-8 with a BOM, formula-looking cells neutralised).
 */
export function connectionExportsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config } = deps;
  const signedIn = requireUser(deps);

  app.get('/connections/export.csv', signedIn, async (c) => {
    const contacts = await contactsOf(db, c.get('userId'), appOrigin(c, config), clock());
    function* rows() {
      yield CSV_BOM + csvRow(CSV_HEADER);
      for (const contact of contacts) yield csvRowOf(contact);
    }
    return download(c, 'text/csv', `mingle-connections-${today(clock())}.csv`, rows());
  });

  app.get('/connections/export.vcf', signedIn, async (c) => {
    const contacts = await contactsOf(db, c.get('userId'), appOrigin(c, config), clock());
    return download(c, 'text/vcard', `mingle-connections-${today(clock())}.vcf`, contacts.map(vcardOf));
  });

  app.get(`/:id${notWords('interactions')}/connection.vcf`, signedIn, async (c) => {
    const id = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const [contact] = id === c.get('userId') ? [] : await contactsOf(db, c.get('userId'), appOrigin(c, config), clock(), id);
    if (!contact) throw new ApiError(404, API_ERRORS.userNotFound);
    const name = `${contact.firstName} ${contact.lastName}`.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'contact';
    return download(c, 'text/vcard', `${name}.vcf`, [vcardOf(contact)]);
  });

  return [['/users', app]];
}
