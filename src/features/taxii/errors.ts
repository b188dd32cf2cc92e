// TAXII 2.1 error messages (spec §3.6.1). Everything answered under /taxii2/ that is an error
// leaves in this shape, as application/taxii+json;version=2.1, not as problem+json: TAXII
// clients read `title`, `description` and `http_status`. Our stable `code` is `error_code`,
// and what a problem would carry besides (field errors, required_tier) is under `details`.

import type { FastifyReply } from 'fastify';
import { ApiError, type FieldError } from '../../errors.js';

export const TAXII_MEDIA_TYPE = 'application/taxii+json;version=2.1';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';

interface TaxiiErrorBody {
  title: string;
  description: string;
  /** Our stable error code (the `code` of problem+json). */
  error_code: string;
  /** The HTTP status as a string, as the spec types it. */
  http_status: string;
  details?: { errors?: FieldError[]; [k: string]: unknown };
}

/** The TAXII error message of an ApiError. */
function taxiiError(err: ApiError): TaxiiErrorBody {
  const details = { ...(err.errors ? { errors: err.errors } : {}), ...err.extra };
  const notAcceptable = err.status === 406;
  return {
    title: notAcceptable ? 'Not acceptable' : err.title,
    description: err.detail,
    error_code: notAcceptable ? 'not_acceptable' : err.code,
    http_status: String(err.status),
    ...(Object.keys(details).length ? { details } : {}),
  };
}

/** A 401 challenges both schemes the feed takes: TAXII clients such as MISP's send Basic only after a Basic challenge. */
const CHALLENGE = 'Bearer realm="taxii", Basic realm="taxii", charset="UTF-8"';

export function sendTaxiiError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.headers) reply.headers(err.headers);
  if (err.status === 401) reply.header('www-authenticate', CHALLENGE);
  return reply.code(err.status).type(TAXII_MEDIA_TYPE).send(taxiiError(err));
}

/** 406: the contract has no code for it (it is TAXII's alone), so the message names it `not_acceptable`. */
export const notAcceptable = (detail: string) => new ApiError(406, 'unsupported_media_type', detail);
