/**
 * Generated from the idcheck OpenAPI document by scripts/generate-client-types.ts
 * (openapi-typescript). Do not edit: change the route schemas, then run
 * `node scripts/generate-client-types.ts`.
 */

export interface paths {
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Answers 200 while the process can serve HTTP. No token needed; not rate limited.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe: the database answers
         * @description Answers 200 when the database answers, else 503. No token needed; not rate limited.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/authenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token
         * @description OAuth 2.0 client credentials: exchange clientId and clientSecret for a bearer token valid for 3600 seconds. Cache it and authenticate again when it expires (or once on a 401). No token is needed for this call. Brute-force limit: attempts are counted per address and clientId (20 a minute) and per address over all clientIds (200 a minute); past either, 429 for the rest of the minute, even for the right secret. A successful attempt does not count.
         */
        post: operations["authenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connectivity check
         * @description Answers the text Pong to an authenticated caller: proves the base URL, the token and the network path.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your sub-accounts
         * @description The accounts the caller created, oldest first. Not paginated.
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Create a sub-account
         * @description Resellers only. 201 with the clientSecret in clear (shown once) and a Location header for a new account; 200 with the secret masked when externalReference already names one of your accounts, so a retried request never makes a second account. enabledServices takes serviceIds from GET /api/services/resellable.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a sub-account
         * @description The account and its clientId; the secret is always masked (***REDACTED***).
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a sub-account
         * @description Send only what changes. name and enabledServices may be null or omitted (unchanged); enabledServices replaces the whole list, and [] disables all services.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/api/accounts/{id}/reset-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset credentials
         * @description Issues a new clientSecret (shown once); the clientId stays. The old secret stops working at once and tokens issued with it are revoked.
         */
        post: operations["resetAccountCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/resellable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Services you can assign
         * @description The services enabled on the caller's own account: the serviceIds accepted in enabledServices.
         */
        get: operations["listResellableServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your cases
         * @description Newest first, limit per page (1-100, default 20), only those with a given urn when `urn` is set. When more cases exist, a Link header (rel="next") gives the next page.
         */
        get: operations["listCases"];
        put?: never;
        /**
         * Create a case
         * @description A Person (givenNames, surname and a real past date of birth required) or a Business (entityName required) whose checks you will run. 201 with the case and a Location header.
         */
        post: operations["createCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a case
         * @description One of your cases. A case that does not exist or is not yours is an empty 404.
         */
        get: operations["getCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the bank accounts of a case
         * @description Active (not deleted) bank accounts, each with latestBavAttempt (null until a check completes) and bavAttemptHistory (most recent first).
         */
        get: operations["listBankAccounts"];
        put?: never;
        /**
         * Add a bank account to a case
         * @description Returns the new id. When BAV is enabled on your account, a bank account verification is queued; its result arrives by webhook (bank_account.bav_completed) and in the list. Bank accounts are immutable: to correct one, delete it and create another.
         */
        post: operations["createBankAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/bank-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a bank account
         * @description Soft delete: the record and its BAV history are kept for audit, but it leaves the list and gets no more checks.
         */
        delete: operations["deleteBankAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the checks of a case
         * @description Every check of the case, of every type, newest first. Each completed check is immutable: a new run is a new check.
         */
        get: operations["listChecks"];
        put?: never;
        /**
         * Run a check on a case
         * @description Queues a check of any type: AML on the case, BAV of a bankAccountId, KYC, DocumentExtraction or DocumentRisk of a documentId. 202 with the pending check and its Location; the result arrives by webhook (check.completed or check.failed) and at that Location. While a check of the same type on the same subject is pending, 409 names it. Past the account's checks in flight or OCR pages per hour, 429 with Retry-After.
         */
        post: operations["requestCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/checks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a check
         * @description One check of the case, pending, completed or failed. A check that does not exist or is not yours is an empty 404.
         */
        get: operations["getCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/bank-accounts/{id}/bav-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a new BAV check
         * @description Queues a new bank account verification; its result is added to bavAttemptHistory and announced by the bank_account.bav_completed webhook.
         */
        post: operations["requestBavCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the documents of a case
         * @description Active (not deleted) documents, newest first.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Upload a document to a case
         * @description multipart/form-data with one file part and a documentType field. PDF, PNG or JPEG, told from the bytes; at most 10 MB and 50 pages. Document risk runs on every document, extraction on a BankStatement (each when enabled on your account); results arrive by webhook (check.completed, document.extracted) and with the document.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a document with its latest extraction and risk result
         * @description The document with latestExtraction, latestRisk and latestKyc: the newest check of each type on it (pending, completed or failed), or null when none was run.
         */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        /**
         * Delete a document
         * @description Soft delete: its bytes, results and the bank accounts made from it are kept for audit, but it leaves the list and gets no more checks.
         */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/documents/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the original bytes
         * @description The file exactly as uploaded, with its content type and Content-Disposition: attachment.
         */
        get: operations["getDocumentContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cases/{caseId}/checks/{id}/hits/{hitId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Decide an AML hit
         * @description Records an analyst's decision on a hit of a completed AML check. A false positive is not raised again for that case: later screenings of the case leave the entry out. Deciding again replaces the decision.
         */
        patch: operations["decideAmlHit"];
        trace?: never;
    };
    "/api/cases/{caseId}/hit-decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the decisions on a case's AML hits
         * @description Every decision recorded on the case's AML hits (PATCH …/hits/{hitId}), newest first: one per listed entry, since deciding again replaces the decision. A check's result never changes; this is where an analyst's decisions are read back.
         */
        get: operations["listAmlHitDecisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/sample-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sandbox sample documents
         * @description Ready test files and the outcome each gives when uploaded (sandbox only; 404 in production). No token needed.
         */
        get: operations["listSampleDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/sample-documents/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a sandbox sample document
         * @description Upload it to a case with POST /api/cases/{caseId}/documents to see its outcome (sandbox only; 404 in production). No token needed.
         */
        get: operations["getSampleDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Your webhook endpoints, without their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Events are POSTed to the URL, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret returned here once. Failed deliveries are retried for about a day. At most 20 active endpoints per account. Private, loopback and link-local targets are refused unless the service runs as a sandbox on loopback.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One of your endpoints, without its secret.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Stops deliveries to it, including pending retries.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a webhook.test event to this endpoint, signed like every other event.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent deliveries
         * @description The 50 most recent deliveries to this endpoint, newest first, each with its attempts (most recent first).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery now
         * @description Queues one more attempt of this delivery at once, whatever its status.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "type": "https://tools.ietf.org/html/rfc9110#section-15.5.2",
         *       "title": "Unauthorized",
         *       "status": 401,
         *       "detail": "The access token has expired; authenticate again."
         *     }
         */
        ProblemDetails: {
            /** @description A URI naming the kind of problem */
            type: string;
            /** @description Short, fixed per kind of problem */
            title: string;
            /** @description The HTTP status code */
            status: number;
            /** @description What went wrong this time, in words meant for the integrator */
            detail: string;
            /** @description 5xx only: quote it to support; also in the x-request-id header */
            requestId?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "errors": [
         *         "The sortCode field must be exactly 6 numeric characters, with no hyphens or spaces."
         *       ]
         *     }
         */
        ErrorList: {
            /** @description One message per problem; each names the field */
            errors: string[];
        };
        WebhookEndpoint: {
            id: number;
            url: string;
            events: string[];
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        WebhookEndpointCreated: {
            id: number;
            url: string;
            events: string[];
            createdAt: string;
            /** @description Signing secret (whsec_…), shown only in this response */
            secret: string;
        };
        WebhookDelivery: {
            id: number;
            /** @description The webhook-id header your receiver got for this delivery (the same on every retry), to match your logs to ours */
            webhookId: string;
            eventId: number;
            eventType: string;
            /** @description pending, succeeded or failed */
            status: string;
            attemptCount: number;
            /** @description When the next try is due, for a pending delivery */
            nextAttemptAt: string | null;
            createdAt: string;
            /** @description Most recent first */
            attempts: {
                attemptNumber: number;
                /** @description null when no HTTP answer came (timeout, refused) */
                statusCode: number | null;
                durationMs: number;
                error: string | null;
                /** @description First 1 KB of the answer; always null for a receiver on a private, loopback or link-local address */
                responseBody: string | null;
                createdAt: string;
            }[];
        };
        /**
         * @example {
         *       "deliveryId": 31,
         *       "status": "queued"
         *     }
         */
        DeliveryQueued: {
            deliveryId: number;
            /** @enum {string} */
            status: "queued";
        };
        Case: {
            id: number;
            urn: string;
            /** @description Person or Business */
            type: string;
            givenNames: string | null;
            surname: string | null;
            dobDay: number | null;
            dobMonth: number | null;
            dobYear: number | null;
            addressLine1: string | null;
            addressPostcode: string | null;
            addressCountryCode2: string | null;
            entityName: string | null;
            entityRegistrationNumber: string | null;
            /** @description ISO 8601 UTC */
            createdAt: string;
        };
        /**
         * @example {
         *       "id": 7,
         *       "createTs": "2026-11-22T10:15:30.000Z",
         *       "bankName": "Sandbox Albion Bank",
         *       "riskRating": {
         *         "id": 1,
         *         "name": "Low"
         *       }
         *     }
         */
        BavAttempt: {
            /** @description The id of the BAV check that made it (GET /api/cases/{caseId}/checks/{id}) */
            id: number;
            /** @description ISO 8601 UTC timestamp */
            createTs: string;
            bankName: string | null;
            riskRating: {
                /** @description 1 Low, 2 Medium, 3 High */
                id: number;
                /** @description Low, Medium or High */
                name: string;
            };
        };
        /**
         * @example {
         *       "bankAccountId": 5,
         *       "status": "queued"
         *     }
         */
        BavCheckAccepted: {
            bankAccountId: number;
            /** @enum {string} */
            status: "queued";
        };
        BankAccount: {
            id: number;
            caseId: number;
            /** @description null when not created from an extracted document */
            documentId: number | null;
            countryCode: string;
            firstName: string;
            middleNames: string | null;
            lastName: string;
            sortCode: string;
            accountNumber: string;
            bankName: string | null;
            /** @description Latest completed attempt; null if none */
            latestBavAttempt: components["schemas"]["BavAttempt"] | null;
            /** @description Most recent first */
            bavAttemptHistory: components["schemas"]["BavAttempt"][];
        };
        /**
         * @example {
         *       "duplicateId": 5
         *     }
         */
        DuplicateBankAccount: {
            /** @description The id of the bank account already on the case */
            duplicateId: number;
        };
        /**
         * @description BAV: the risk rating is the worse of the modulus check's (pass Low, not_covered Medium, fail High) and the holder check's (confirmed Low; close_match, account_type_mismatch and not_confirmed Medium; not_matched and account_not_found High)
         * @example {
         *       "bankName": null,
         *       "modulus": "pass",
         *       "holder": {
         *         "status": "confirmed",
         *         "code": "MATC",
         *         "nameOnAccount": null,
         *         "message": "The name matches the account holder's name."
         *       }
         *     }
         */
        BavCheckResult: {
            /** @description The bank the sort code belongs to, when known (production does not look it up: null) */
            bankName: string | null;
            /** @description The UK modulus check (VocaLink's table): pass (the account number is possible at the sort code), fail (it is not: the account cannot exist; rated High, and no bank is asked), not_covered (the sort code is outside the table, so nothing could be checked; rated Medium at best). Present on every check since holder checks were added; absent on older ones */
            modulus?: "pass" | "fail" | "not_covered";
            /** @description The account holder's name check (Confirmation of Payee). Present on every check since it was added; absent on older ones */
            holder?: {
                /** @description What the account holder's bank said of the name on the bank account (its firstName, middleNames and lastName), through Confirmation of Payee (CoP): confirmed (the name matches; CoP MATC), close_match (the name is close but not exact, nameOnAccount gives the real one; MBAM, and BAMM/PAMM where the account type differs too), account_type_mismatch (the name matches, but it is a business account where a personal one was asked for, or the reverse; BANM, PANM), not_matched (the name does not match; ANNM), account_not_found (no such account at that sort code; AC01), not_confirmed (the holder could not be confirmed either way: CoP is not configured, the modulus check failed so no bank was asked, or the bank could not answer: ACNS, OPTO, SCNS, CASS, IVCR; message says which) */
                status: "confirmed" | "close_match" | "account_type_mismatch" | "not_matched" | "account_not_found" | "not_confirmed";
                /** @description The CoP answer code (MATC, MBAM, BAMM, PAMM, BANM, PANM, ANNM, AC01, ACNS, OPTO, SCNS, CASS, IVCR); null when no CoP service was asked */
                code: string | null;
                /** @description The name on the account as the bank gave it, for a close match or an account type mismatch; null otherwise */
                nameOnAccount: string | null;
                /** @description The holder check's outcome in a sentence, for a person to act on */
                message: string;
            };
        };
        /**
         * @description AML
         * @example {
         *       "matchStatus": "potential_match",
         *       "hits": [
         *         {
         *           "id": 1,
         *           "entityId": "sbx-viktor-kaine",
         *           "source": "sandbox",
         *           "name": "Viktor Kaine",
         *           "matchedName": "Viktor Kaine",
         *           "score": 1,
         *           "topics": [
         *             "sanction"
         *           ],
         *           "birthDates": [
         *             "1961-04-12"
         *           ],
         *           "countries": [
         *             "gb"
         *           ],
         *           "explanation": "Name 'Viktor Kaine' matches listed 'Viktor Kaine' exactly; date of birth 1961-04-12 agrees."
         *         }
         *       ],
         *       "lists": [
         *         {
         *           "source": "sandbox",
         *           "version": "5f1c…",
         *           "importedAt": "2026-11-26T09:00:00.000Z"
         *         }
         *       ]
         *     }
         */
        AmlResult: {
            matchStatus: "no_match" | "potential_match";
            /** @description Best first. An entry decided a false positive for this case is not raised again. A sanction hit rates High, PEP (or other) hits only Medium, none Low. */
            hits: {
                /** @description The hit's number in this check, for PATCH …/hits/{hitId} */
                id: number;
                /** @description The listed entry's id in its source */
                entityId: string;
                /** @description The list it comes from (the source given at import) */
                source: string;
                /** @description The entry's primary name, as published */
                name: string;
                /** @description The entry's name (primary or alias) that matched best, as published */
                matchedName: string;
                /** @description How likely the entry is the case's subject; hits are at or above the threshold */
                score: number;
                /** @description sanction, pep, crime… */
                topics: string[];
                /** @description YYYY, YYYY-MM or YYYY-MM-DD */
                birthDates: string[];
                /** @description ISO 3166-1 alpha-2, lower case */
                countries: string[];
                /** @description Why it matched, for the analyst reviewing it */
                explanation: string;
            }[];
            /** @description The lists screened against */
            lists: {
                source: string;
                /** @description sha256 of the imported file */
                version: string;
                /** Format: date-time */
                importedAt: string;
            }[];
        };
        /**
         * @description KYC
         * @example {
         *       "mrz": {
         *         "format": "TD3",
         *         "valid": true,
         *         "failedCheckDigits": [],
         *         "documentCode": "P",
         *         "issuingState": "GBR",
         *         "surname": "ERIKSSON",
         *         "givenNames": "ANNA MARIA",
         *         "documentNumber": "533401377",
         *         "nationality": "GBR",
         *         "birthDate": "1984-07-12",
         *         "sex": "female",
         *         "expirationDate": "2031-03-14",
         *         "personalNumber": null
         *       },
         *       "printed": {
         *         "surname": "ERIKSSON",
         *         "givenNames": "ANNA MARIA",
         *         "birthDate": "1984-07-12",
         *         "documentNumber": "533401377",
         *         "expirationDate": "2031-03-14"
         *       },
         *       "printedComparison": {
         *         "surname": {
         *           "printed": "ERIKSSON",
         *           "mrz": "ERIKSSON",
         *           "outcome": "match"
         *         },
         *         "givenNames": {
         *           "printed": "ANNA MARIA",
         *           "mrz": "ANNA MARIA",
         *           "outcome": "match"
         *         },
         *         "birthDate": {
         *           "printed": "1984-07-12",
         *           "mrz": "1984-07-12",
         *           "outcome": "match"
         *         },
         *         "documentNumber": {
         *           "printed": "533401377",
         *           "mrz": "533401377",
         *           "outcome": "match"
         *         },
         *         "expirationDate": {
         *           "printed": "2031-03-14",
         *           "mrz": "2031-03-14",
         *           "outcome": "match"
         *         }
         *       },
         *       "comparison": {
         *         "surname": {
         *           "onCase": "Eriksson",
         *           "onDocument": "ERIKSSON",
         *           "outcome": "match",
         *           "similarity": 1
         *         },
         *         "givenNames": {
         *           "onCase": "Anna Maria",
         *           "onDocument": "ANNA MARIA",
         *           "outcome": "match",
         *           "similarity": 1
         *         },
         *         "birthDate": {
         *           "onCase": "1984-07-12",
         *           "onDocument": "1984-07-12",
         *           "outcome": "match"
         *         }
         *       },
         *       "signals": []
         *     }
         */
        KycResult: {
            /** @description What the machine-readable zone says, as read */
            mrz: {
                /** @description ICAO 9303 layout: TD3 passports (2 lines of 44), TD1 identity cards (3 lines of 30), TD2 (2 lines of 36) */
                format: "TD1" | "TD2" | "TD3";
                /** @description Every check digit of the MRZ agrees with its field */
                valid: boolean;
                /** @description The fields whose check digit does not agree, e.g. documentNumber, birthDate, expirationDate, compositeCheckDigit */
                failedCheckDigits: string[];
                /** @description P… for a passport, I…, A… or C… for an identity card */
                documentCode: string;
                /** @description ISO 3166-1 alpha-3 or an ICAO code (D for Germany, UNO, XXA, …) */
                issuingState: string;
                surname: string;
                givenNames: string;
                documentNumber: string;
                nationality: string;
                /** @description YYYY-MM-DD; null when the MRZ holds no valid date */
                birthDate: string | null;
                sex: "male" | "female" | "unspecified";
                /** @description YYYY-MM-DD; null when the MRZ holds no valid date */
                expirationDate: string | null;
                /** @description The optional personal number, when the document has one */
                personalNumber: string | null;
            };
            /** @description What the photo page prints beside the MRZ; null when no labelled field was found (an MRZ alone) */
            printed: {
                /** @description As printed; null when it was not read */
                surname: string | null;
                /** @description As printed; null when it was not read */
                givenNames: string | null;
                /** @description YYYY-MM-DD (a two-digit year in the MRZ's century); null when it was not read */
                birthDate: string | null;
                /** @description As printed, spaces dropped; null when it was not read */
                documentNumber: string | null;
                /** @description YYYY-MM-DD; null when it was not read */
                expirationDate: string | null;
            } | null;
            /** @description Each printed field against the MRZ: names as the MRZ writes them (folded, truncated), dates exactly, numbers exactly but for look-alikes the MRZ settles */
            printedComparison: {
                surname: {
                    /** @description The printed value; null when it was not read */
                    printed: string | null;
                    /** @description The MRZ's value */
                    mrz: string | null;
                    outcome: "match" | "mismatch" | "not_read";
                };
                givenNames: {
                    /** @description The printed value; null when it was not read */
                    printed: string | null;
                    /** @description The MRZ's value */
                    mrz: string | null;
                    outcome: "match" | "mismatch" | "not_read";
                };
                birthDate: {
                    /** @description The printed value; null when it was not read */
                    printed: string | null;
                    /** @description The MRZ's value */
                    mrz: string | null;
                    outcome: "match" | "mismatch" | "not_read";
                };
                documentNumber: {
                    /** @description The printed value; null when it was not read */
                    printed: string | null;
                    /** @description The MRZ's value */
                    mrz: string | null;
                    outcome: "match" | "mismatch" | "not_read";
                };
                expirationDate: {
                    /** @description The printed value; null when it was not read */
                    printed: string | null;
                    /** @description The MRZ's value */
                    mrz: string | null;
                    outcome: "match" | "mismatch" | "not_read";
                };
            } | null;
            /** @description The document against the case: names fuzzily (accents and other scripts folded as ICAO 9303 writes them), date of birth exactly */
            comparison: {
                surname: {
                    /** @description The case's surname, as given; null when the case has none */
                    onCase: string | null;
                    /** @description The document's surname, as in the MRZ */
                    onDocument: string;
                    outcome: "match" | "minor_difference" | "mismatch" | "not_on_case";
                    /** @description Jaro-Winkler of the two after folding to the MRZ alphabet, 0..1; null when the case has none */
                    similarity: number | null;
                };
                givenNames: {
                    /** @description The case's given names, as given; null when the case has none */
                    onCase: string | null;
                    /** @description The document's given names, as in the MRZ */
                    onDocument: string;
                    outcome: "match" | "minor_difference" | "mismatch" | "not_on_case";
                    /** @description Jaro-Winkler of the two after folding to the MRZ alphabet, 0..1; null when the case has none */
                    similarity: number | null;
                };
                birthDate: {
                    /** @description YYYY-MM-DD (YYYY-MM or YYYY when the case has only part of it); null when the case has none */
                    onCase: string | null;
                    /** @description YYYY-MM-DD */
                    onDocument: string | null;
                    outcome: "match" | "mismatch" | "not_on_case" | "unreadable";
                };
            };
            /** @description Any high signal rates High, any medium Medium, else Low (so Low needs the printed zone read and agreeing with the MRZ) */
            signals: {
                /** @description Stable code: check_digit_invalid, expired, birth_date_mismatch, name_mismatch, viz_mrz_mismatch, issuing_state_unknown, mrz_name_unsure, name_minor_difference, not_on_case, document_type_mismatch, date_unreadable, mrz_only, mrz_band_pasted */
                code: string;
                severity: "low" | "medium" | "high";
                message: string;
            }[];
        };
        /**
         * @description DocumentExtraction
         * @example {
         *       "method": "text",
         *       "fields": {
         *         "accountHolderName": {
         *           "value": "Jane Doe",
         *           "confidence": 0.95
         *         },
         *         "bankName": {
         *           "value": "Northwind Bank plc",
         *           "confidence": 0.9
         *         },
         *         "sortCode": {
         *           "value": "089999",
         *           "confidence": 0.98
         *         },
         *         "accountNumber": {
         *           "value": "66374958",
         *           "confidence": 0.98
         *         },
         *         "iban": null,
         *         "bic": null,
         *         "statementPeriod": {
         *           "value": {
         *             "start": "2026-03-01",
         *             "end": "2026-03-31"
         *           },
         *           "confidence": 0.95
         *         },
         *         "currency": {
         *           "value": "GBP",
         *           "confidence": 0.95
         *         },
         *         "openingBalance": {
         *           "value": "1250.00",
         *           "confidence": 0.95
         *         },
         *         "closingBalance": {
         *           "value": "3100.55",
         *           "confidence": 0.95
         *         }
         *       },
         *       "bankAccount": {
         *         "outcome": "created",
         *         "id": 5,
         *         "message": "Bank account 5 was added to the case from this statement."
         *       }
         *     }
         */
        DocumentExtractionResult: {
            /** @description text: the PDF's text layer; ocr: read from page images */
            method: "text" | "ocr";
            /** @description Each field with a confidence from 0 to 1; null when not found */
            fields: {
                /** @description As printed */
                accountHolderName: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description As printed */
                bankName: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description 6 digits */
                sortCode: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description 8 digits */
                accountNumber: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description Without spaces */
                iban: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description 8 or 11 characters */
                bic: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description ISO dates */
                statementPeriod: {
                    value: {
                        start: string;
                        end: string;
                    };
                    confidence: number;
                } | null;
                /** @description ISO 4217 code */
                currency: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description A decimal string, e.g. 1250.00 */
                openingBalance: {
                    value: string;
                    confidence: number;
                } | null;
                /** @description A decimal string */
                closingBalance: {
                    value: string;
                    confidence: number;
                } | null;
            };
            /** @description What became of the account details */
            bankAccount: {
                outcome: "created" | "already_on_case" | "not_created";
                /** @description The bank account made from the statement, or the one already on the case */
                id: number | null;
                message: string;
            };
        };
        /**
         * @description DocumentRisk
         * @example {
         *       "signals": [
         *         {
         *           "code": "editing_tool",
         *           "severity": "high",
         *           "message": "The PDF was produced by iLovePDF, an editing tool."
         *         }
         *       ]
         *     }
         */
        DocumentRiskResult: {
            /** @description What the file shows; empty for a clean document. Any high signal rates High, any medium Medium, else Low. */
            signals: {
                /** @description Stable code, e.g. editing_tool, incremental_updates, balance_mismatch */
                code: string;
                severity: "low" | "medium" | "high";
                message: string;
            }[];
        };
        /**
         * @example {
         *       "id": 41,
         *       "caseId": 17,
         *       "checkType": "BAV",
         *       "subject": {
         *         "type": "bankAccount",
         *         "id": 5
         *       },
         *       "status": "completed",
         *       "createTs": "2026-11-22T10:15:30.120Z",
         *       "completedTs": "2026-11-22T10:15:30.410Z",
         *       "riskRating": {
         *         "id": 1,
         *         "name": "Low"
         *       },
         *       "result": {
         *         "bankName": "Sandbox Albion Bank",
         *         "modulus": "pass",
         *         "holder": {
         *           "status": "confirmed",
         *           "code": "MATC",
         *           "nameOnAccount": null,
         *           "message": "The name matches the account holder's name."
         *         }
         *       },
         *       "failureReason": null
         *     }
         */
        Check: {
            id: number;
            caseId: number;
            checkType: "BAV" | "AML" | "KYC" | "DocumentExtraction" | "DocumentRisk";
            /** @description What was checked: the case itself (AML), a bank account (BAV) or a document */
            subject: {
                type: "case" | "bankAccount" | "document";
                id: number;
            };
            status: "pending" | "completed" | "failed";
            /** @description When the check was requested (ISO 8601 UTC) */
            createTs: string;
            /** @description When it completed or failed; null while pending */
            completedTs: string | null;
            /** @description The same scale for every check type; null unless completed */
            riskRating: {
                /** @description 1 Low, 2 Medium, 3 High */
                id: number;
                /** @description Low, Medium or High */
                name: string;
            } | null;
            /** @description The check type's own result; null unless completed */
            result: components["schemas"]["BavCheckResult"] | components["schemas"]["AmlResult"] | components["schemas"]["KycResult"] | components["schemas"]["DocumentExtractionResult"] | components["schemas"]["DocumentRiskResult"] | null;
            /** @description Why a failed check failed; null otherwise */
            failureReason: string | null;
        };
        /**
         * @example {
         *       "pendingCheckId": 41
         *     }
         */
        PendingCheck: {
            /** @description The pending check of the same type on the same subject; its result arrives by webhook and at its Location */
            pendingCheckId: number;
        };
        /**
         * @example {
         *       "serviceId": 2,
         *       "checkType": "BAV",
         *       "provider": "Sandbox"
         *     }
         */
        ServiceEntry: {
            /** @description Used when creating or updating accounts */
            serviceId: number;
            /** @description Kind of check */
            checkType: string;
            /** @description The provider of the check */
            provider: string;
        };
        /**
         * @example {
         *       "id": 42,
         *       "name": "Acme Lettings",
         *       "enabledServices": [
         *         {
         *           "serviceId": 2,
         *           "checkType": "BAV",
         *           "provider": "Sandbox"
         *         }
         *       ]
         *     }
         */
        Account: {
            id: number;
            /** @description Unique across all accounts in the system */
            name: string;
            enabledServices: components["schemas"]["ServiceEntry"][];
        };
        AccountWithCredentials: {
            account: components["schemas"]["Account"];
            credentials: {
                /** @description Stays the same for the life of the account */
                clientId: string;
                /** @description In clear only in the response that created the account; otherwise ***REDACTED*** */
                clientSecret: string;
            };
            /** @description How to keep or replace the secret; names the reset-credentials endpoint */
            securityWarning: string;
        };
        CredentialsReset: {
            clientId: string;
            /** @description The new secret, shown once */
            clientSecret: string;
            securityWarning: string;
        };
        /**
         * @example {
         *       "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
         *       "clientSecret": "q3J5x…"
         *     }
         */
        TokenRequest: {
            /** @description Issued at onboarding or by the Accounts API */
            clientId: string;
            /** @description Shown once, when the account is created or its credentials reset */
            clientSecret: string;
        };
        /**
         * @example {
         *       "accessToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…",
         *       "expires": 3600
         *     }
         */
        TokenResponse: {
            /** @description Bearer token for the Authorization header */
            accessToken: string;
            /** @description Lifetime in seconds (3600) */
            expires: number;
        };
        /**
         * @description Missing or invalid fields, keyed by PascalCase property name
         * @example {
         *       "ClientId": [
         *         "The ClientId field is required."
         *       ]
         *     }
         */
        FieldErrors: {
            [key: string]: string[];
        };
        /**
         * @example {
         *       "id": 12,
         *       "caseId": 17,
         *       "documentType": "BankStatement",
         *       "fileName": "statement-march.pdf",
         *       "contentType": "application/pdf",
         *       "sizeBytes": 2841,
         *       "sha256": "5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b",
         *       "pageCount": 1,
         *       "createTs": "2026-11-22T10:15:30.120Z"
         *     }
         */
        Document: {
            id: number;
            caseId: number;
            documentType: "BankStatement" | "Passport" | "IdentityCard" | "DrivingLicence" | "ProofOfAddress" | "Other";
            /** @description The name the file was uploaded with */
            fileName: string;
            /** @description Told from the bytes, never from the declared type */
            contentType: "application/pdf" | "image/png" | "image/jpeg";
            sizeBytes: number;
            /** @description Hex SHA-256 of the bytes */
            sha256: string;
            /** @description Pages of a PDF; 1 for an image */
            pageCount: number;
            /** @description When it was uploaded (ISO 8601 UTC) */
            createTs: string;
        };
        /**
         * @example {
         *       "id": 12,
         *       "caseId": 17,
         *       "documentType": "BankStatement",
         *       "fileName": "statement-march.pdf",
         *       "contentType": "application/pdf",
         *       "sizeBytes": 2841,
         *       "sha256": "5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b",
         *       "pageCount": 1,
         *       "createTs": "2026-11-22T10:15:30.120Z",
         *       "latestExtraction": null,
         *       "latestRisk": null,
         *       "latestKyc": null
         *     }
         */
        DocumentDetail: {
            id: number;
            caseId: number;
            documentType: "BankStatement" | "Passport" | "IdentityCard" | "DrivingLicence" | "ProofOfAddress" | "Other";
            /** @description The name the file was uploaded with */
            fileName: string;
            /** @description Told from the bytes, never from the declared type */
            contentType: "application/pdf" | "image/png" | "image/jpeg";
            sizeBytes: number;
            /** @description Hex SHA-256 of the bytes */
            sha256: string;
            /** @description Pages of a PDF; 1 for an image */
            pageCount: number;
            /** @description When it was uploaded (ISO 8601 UTC) */
            createTs: string;
            /** @description The newest DocumentExtraction check of this document; null when none was run */
            latestExtraction: components["schemas"]["Check"] | null;
            /** @description The newest DocumentRisk check of this document; null when none was run */
            latestRisk: components["schemas"]["Check"] | null;
            /** @description The newest KYC check of this document (a Passport or IdentityCard of a Person case); null when none was run */
            latestKyc: components["schemas"]["Check"] | null;
        };
        /**
         * @example {
         *       "duplicateId": 12
         *     }
         */
        DuplicateDocument: {
            duplicateId: number;
        };
        /**
         * @example {
         *       "source": "opensanctions",
         *       "entityId": "Q7747",
         *       "decision": "false_positive",
         *       "checkId": 41,
         *       "hitId": 1,
         *       "decidedAt": "2026-11-22T10:20:00.000Z"
         *     }
         */
        HitDecision: {
            /** @description The list the hit came from */
            source: string;
            /** @description The listed entry's id in that list */
            entityId: string;
            decision: "false_positive" | "true_positive";
            /** @description The AML check whose hit was decided */
            checkId: number;
            /** @description The hit of that check */
            hitId: number;
            /** @description ISO 8601 UTC */
            decidedAt: string;
        };
        HealthStatus: {
            /** @description ok, or what is wrong */
            status: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getLiveness: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Not ready; Retry-After says when to look again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "database unreachable"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Not ready; Retry-After says when to look again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "database unreachable"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthStatus"];
                };
            };
        };
    };
    authenticate: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
                 *       "clientSecret": "q3J5x…"
                 *     }
                 */
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The access token and its lifetime in seconds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MiIsImN2IjoxLCJpYXQiOjE3NjM4NDk2MDAsImV4cCI6MTc2Mzg1MzIwMH0.3q6-Jm9pQyYbJwF0hHk3Zs1Yq9QxO8E1v2R5tL7uN4c",
                     *       "expires": 3600
                     *     }
                     */
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description clientId or clientSecret missing: an object keyed by PascalCase property name (the API contract). A body that is not JSON, or an unsupported api-version: {"errors": [...]}. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldErrors"] | components["schemas"]["ErrorList"];
                };
            };
            /** @description Unknown clientId or wrong clientSecret */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Too many attempts from this address (for this clientId, or in all); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    ping: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The text Pong */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example Pong */
                    "text/plain": string;
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your sub-accounts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 42,
                     *         "name": "Acme Lettings",
                     *         "enabledServices": [
                     *           {
                     *             "serviceId": 2,
                     *             "checkType": "BAV",
                     *             "provider": "Sandbox"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Account"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Lettings",
                 *       "enabledServices": [
                 *         2
                 *       ],
                 *       "externalReference": "crm-00042"
                 *     }
                 */
                "application/json": {
                    name: string;
                    enabledServices?: number[] | null;
                    /** @description The caller's own identifier; makes creation idempotent */
                    externalReference?: string | null;
                };
            };
        };
        responses: {
            /** @description An account with this externalReference exists already; no new account, secret masked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "id": 42,
                     *         "name": "Acme Lettings",
                     *         "enabledServices": [
                     *           {
                     *             "serviceId": 2,
                     *             "checkType": "BAV",
                     *             "provider": "Sandbox"
                     *           }
                     *         ]
                     *       },
                     *       "credentials": {
                     *         "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
                     *         "clientSecret": "***REDACTED***"
                     *       },
                     *       "securityWarning": "An account with this externalReference already exists, so no new account was created and its clientSecret is not shown again. To issue a new secret, use POST /api/accounts/42/reset-credentials."
                     *     }
                     */
                    "application/json": components["schemas"]["AccountWithCredentials"];
                };
            };
            /** @description Created; the clientSecret is in clear, in this response only */
            201: {
                headers: {
                    /** @description The new account: /api/accounts/<id> */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "id": 42,
                     *         "name": "Acme Lettings",
                     *         "enabledServices": [
                     *           {
                     *             "serviceId": 2,
                     *             "checkType": "BAV",
                     *             "provider": "Sandbox"
                     *           }
                     *         ]
                     *       },
                     *       "credentials": {
                     *         "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
                     *         "clientSecret": "kq3J5xR8vN2mT7wY4zB9cD1eF6gH0jK5lP8sU3aQ2rE"
                     *       },
                     *       "securityWarning": "Store this clientSecret securely now: it is shown only in this response and cannot be retrieved later. If it is lost, issue a new one with POST /api/accounts/42/reset-credentials."
                     *     }
                     */
                    "application/json": components["schemas"]["AccountWithCredentials"];
                };
            };
            /** @description A service id is not resellable by you: the JSON string "Invalid service ID" (the API contract). Any other invalid field, or an unsupported api-version: {"errors": [...]}. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": "Invalid service ID" | components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The caller is not a reseller */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The name is taken by another account (names are unique across all accounts, ignoring case) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example Name is in use by another account */
                    "application/json": "Name is in use by another account";
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account, secret masked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "id": 42,
                     *         "name": "Acme Lettings",
                     *         "enabledServices": [
                     *           {
                     *             "serviceId": 2,
                     *             "checkType": "BAV",
                     *             "provider": "Sandbox"
                     *           }
                     *         ]
                     *       },
                     *       "credentials": {
                     *         "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
                     *         "clientSecret": "***REDACTED***"
                     *       },
                     *       "securityWarning": "The clientSecret is shown only when the account is created or its credentials are reset. To issue a new one, use POST /api/accounts/42/reset-credentials."
                     *     }
                     */
                    "application/json": components["schemas"]["AccountWithCredentials"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such account among those the caller created (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabledServices": [
                 *         1,
                 *         2
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description null or omitted: unchanged */
                    name?: string | null;
                    /** @description Replaces the whole list; null or omitted: unchanged; []: all disabled */
                    enabledServices?: number[] | null;
                };
            };
        };
        responses: {
            /** @description Updated (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A service id is not resellable by you: the JSON string "Invalid service ID" (the API contract). Any other invalid field, or an unsupported api-version: {"errors": [...]}. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": "Invalid service ID" | components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such account among those the caller created (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The name is taken by another account (names are unique across all accounts, ignoring case) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example Name is in use by another account */
                    "application/json": "Name is in use by another account";
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    resetAccountCredentials: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret, shown once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "clientId": "0d9c6b1e-8f8e-4f4e-9a57-3c1b2f7f4a10",
                     *       "clientSecret": "Zr5Tq8Wn1Ym4Xp7Vs0Ub3Ko6Jl9Ih2Gf5Ed8Cc1Ba4N",
                     *       "securityWarning": "Store this new clientSecret securely now: it is shown only once. The previous secret has stopped working, and access tokens issued with it are revoked."
                     *     }
                     */
                    "application/json": components["schemas"]["CredentialsReset"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such account among those the caller created (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listResellableServices: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service entries you may put in enabledServices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "serviceId": 1,
                     *         "checkType": "KYC",
                     *         "provider": "Sandbox"
                     *       },
                     *       {
                     *         "serviceId": 2,
                     *         "checkType": "BAV",
                     *         "provider": "Sandbox"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ServiceEntry"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listCases: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
                /** @description Cases per page */
                limit?: number;
                /**
                 * @description Cursor: return cases older than this case id (from the Link header)
                 * @example 17
                 */
                before?: number;
                /**
                 * @description Only the cases with exactly this urn (your reference; surrounding spaces ignored)
                 * @example CUST-0001
                 */
                urn?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of cases, newest first */
            200: {
                headers: {
                    /** @description Present when more cases exist */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 18,
                     *         "urn": "BIZ-0001",
                     *         "type": "Business",
                     *         "givenNames": null,
                     *         "surname": null,
                     *         "dobDay": null,
                     *         "dobMonth": null,
                     *         "dobYear": null,
                     *         "addressLine1": null,
                     *         "addressPostcode": null,
                     *         "addressCountryCode2": null,
                     *         "entityName": "Acme Ltd",
                     *         "entityRegistrationNumber": "01234567",
                     *         "createdAt": "2026-11-22T10:16:02.000Z"
                     *       },
                     *       {
                     *         "id": 17,
                     *         "urn": "CUST-0001",
                     *         "type": "Person",
                     *         "givenNames": "Jane",
                     *         "surname": "Doe",
                     *         "dobDay": 14,
                     *         "dobMonth": 3,
                     *         "dobYear": 1987,
                     *         "addressLine1": "1 High Street",
                     *         "addressPostcode": "SW1A 1AA",
                     *         "addressCountryCode2": "GB",
                     *         "entityName": null,
                     *         "entityRegistrationNumber": null,
                     *         "createdAt": "2026-11-22T10:15:30.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Case"][];
                };
            };
            /** @description limit, before or urn is invalid, or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    createCase: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Your reference for the case */
                    urn: string;
                    type: "Person" | "Business";
                    givenNames?: string | null;
                    surname?: string | null;
                    dobDay?: number | null;
                    dobMonth?: number | null;
                    dobYear?: number | null;
                    addressLine1?: string | null;
                    addressPostcode?: string | null;
                    addressCountryCode2?: string | null;
                    entityName?: string | null;
                    entityRegistrationNumber?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The new case: /api/cases/<id> */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 17,
                     *       "urn": "CUST-0001",
                     *       "type": "Person",
                     *       "givenNames": "Jane",
                     *       "surname": "Doe",
                     *       "dobDay": 14,
                     *       "dobMonth": 3,
                     *       "dobYear": 1987,
                     *       "addressLine1": "1 High Street",
                     *       "addressPostcode": "SW1A 1AA",
                     *       "addressCountryCode2": "GB",
                     *       "entityName": null,
                     *       "entityRegistrationNumber": null,
                     *       "createdAt": "2026-11-22T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Case"];
                };
            };
            /** @description A field is missing or invalid (one message per field), or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getCase: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 17,
                     *       "urn": "CUST-0001",
                     *       "type": "Person",
                     *       "givenNames": "Jane",
                     *       "surname": "Doe",
                     *       "dobDay": 14,
                     *       "dobMonth": 3,
                     *       "dobYear": 1987,
                     *       "addressLine1": "1 High Street",
                     *       "addressPostcode": "SW1A 1AA",
                     *       "addressCountryCode2": "GB",
                     *       "entityName": null,
                     *       "entityRegistrationNumber": null,
                     *       "createdAt": "2026-11-22T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Case"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listBankAccounts: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active bank accounts of the case */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 5,
                     *         "caseId": 17,
                     *         "documentId": null,
                     *         "countryCode": "GB",
                     *         "firstName": "Jane",
                     *         "middleNames": null,
                     *         "lastName": "Doe",
                     *         "sortCode": "089999",
                     *         "accountNumber": "66374958",
                     *         "bankName": null,
                     *         "latestBavAttempt": {
                     *           "id": 7,
                     *           "createTs": "2026-11-22T10:15:31.250Z",
                     *           "bankName": "Sandbox Albion Bank",
                     *           "riskRating": {
                     *             "id": 1,
                     *             "name": "Low"
                     *           }
                     *         },
                     *         "bavAttemptHistory": [
                     *           {
                     *             "id": 7,
                     *             "createTs": "2026-11-22T10:15:31.250Z",
                     *             "bankName": "Sandbox Albion Bank",
                     *             "riskRating": {
                     *               "id": 1,
                     *               "name": "Low"
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["BankAccount"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    createBankAccount: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "countryCode": "GB",
                 *       "firstName": "Jane",
                 *       "middleNames": null,
                 *       "lastName": "Doe",
                 *       "sortCode": "089999",
                 *       "accountNumber": "66374958",
                 *       "bankName": null
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: iso3166-alpha2
                     * @description ISO 3166-1 alpha-2
                     */
                    countryCode: string;
                    firstName: string;
                    middleNames?: string | null;
                    lastName: string;
                    /** @description Exactly 6 digits, no hyphens or spaces */
                    sortCode: string;
                    /** @description Exactly 8 digits */
                    accountNumber: string;
                    bankName?: string | null;
                };
            };
        };
        responses: {
            /** @description The id of the new bank account (a bare JSON integer) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example 5 */
                    "application/json": number;
                };
            };
            /** @description A required field is missing, a field is invalid, or the country code is not recognised (one message per field); or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The same sortCode and accountNumber are already on the case: duplicateId is that bank account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "duplicateId": 5
                     *     }
                     */
                    "application/json": components["schemas"]["DuplicateBankAccount"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    deleteBankAccount: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such active bank account on this case (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listChecks: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checks, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 41,
                     *         "caseId": 17,
                     *         "checkType": "BAV",
                     *         "subject": {
                     *           "type": "bankAccount",
                     *           "id": 5
                     *         },
                     *         "status": "completed",
                     *         "createTs": "2026-11-22T10:15:30.120Z",
                     *         "completedTs": "2026-11-22T10:15:30.410Z",
                     *         "riskRating": {
                     *           "id": 1,
                     *           "name": "Low"
                     *         },
                     *         "result": {
                     *           "bankName": "Sandbox Albion Bank",
                     *           "modulus": "pass",
                     *           "holder": {
                     *             "status": "confirmed",
                     *             "code": "MATC",
                     *             "nameOnAccount": null,
                     *             "message": "The name matches the account holder's name."
                     *           }
                     *         },
                     *         "failureReason": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Check"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or check) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    requestCheck: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "checkType": "BAV",
                 *       "bankAccountId": 5
                 *     }
                 */
                "application/json": {
                    /** @description Which check to run */
                    checkType: "BAV" | "AML" | "KYC" | "DocumentExtraction" | "DocumentRisk";
                    /** @description BAV: the bank account of this case to verify */
                    bankAccountId?: number;
                    /** @description KYC, DocumentExtraction, DocumentRisk: the document of this case to check */
                    documentId?: number;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    /** @description The check: /api/cases/<caseId>/checks/<id> */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 41,
                     *       "caseId": 17,
                     *       "checkType": "BAV",
                     *       "subject": {
                     *         "type": "bankAccount",
                     *         "id": 5
                     *       },
                     *       "status": "pending",
                     *       "createTs": "2026-11-22T10:15:30.120Z",
                     *       "completedTs": null,
                     *       "riskRating": null,
                     *       "result": null,
                     *       "failureReason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Check"];
                };
            };
            /** @description The check type is unknown or not enabled on your account, its subject is missing or not of this case, or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or check) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A check of this type on this subject is pending already: pendingCheckId is that check, whose result answers this request too */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pendingCheckId": 41
                     *     }
                     */
                    "application/json": components["schemas"]["PendingCheck"];
                };
            };
            /** @description Rate limit exceeded, or the account is past a check admission limit (checks in flight, or OCR pages per hour); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getCheck: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 41,
                     *       "caseId": 17,
                     *       "checkType": "BAV",
                     *       "subject": {
                     *         "type": "bankAccount",
                     *         "id": 5
                     *       },
                     *       "status": "completed",
                     *       "createTs": "2026-11-22T10:15:30.120Z",
                     *       "completedTs": "2026-11-22T10:15:30.410Z",
                     *       "riskRating": {
                     *         "id": 1,
                     *         "name": "Low"
                     *       },
                     *       "result": {
                     *         "bankName": "Sandbox Albion Bank",
                     *         "modulus": "pass",
                     *         "holder": {
                     *           "status": "confirmed",
                     *           "code": "MATC",
                     *           "nameOnAccount": null,
                     *           "message": "The name matches the account holder's name."
                     *         }
                     *       },
                     *       "failureReason": null
                     *     }
                     */
                    "application/json": components["schemas"]["Check"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or check) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    requestBavCheck: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued; the result arrives by webhook and in the bank account list */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "bankAccountId": 5,
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": components["schemas"]["BavCheckAccepted"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description BAV is not enabled on this account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such active bank account on this case (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A check of this type on this subject is pending already: pendingCheckId is that check, whose result answers this request too */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "pendingCheckId": 41
                     *     }
                     */
                    "application/json": components["schemas"]["PendingCheck"];
                };
            };
            /** @description Rate limit exceeded, or the account is past a check admission limit (checks in flight, or OCR pages per hour); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The active documents, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 12,
                     *         "caseId": 17,
                     *         "documentType": "BankStatement",
                     *         "fileName": "statement-march.pdf",
                     *         "contentType": "application/pdf",
                     *         "sizeBytes": 2841,
                     *         "sha256": "5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b",
                     *         "pageCount": 1,
                     *         "createTs": "2026-11-22T10:15:30.120Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Document"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or active document) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    uploadDocument: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "documentType": "BankStatement",
                 *       "file": "statement-march.pdf"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The document: PDF, PNG or JPEG (told from its bytes)
                     */
                    file: string;
                    documentType: "BankStatement" | "Passport" | "IdentityCard" | "DrivingLicence" | "ProofOfAddress" | "Other";
                };
            };
        };
        responses: {
            /** @description Stored; its checks are queued */
            201: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "caseId": 17,
                     *       "documentType": "BankStatement",
                     *       "fileName": "statement-march.pdf",
                     *       "contentType": "application/pdf",
                     *       "sizeBytes": 2841,
                     *       "sha256": "5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b",
                     *       "pageCount": 1,
                     *       "createTs": "2026-11-22T10:15:30.120Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Not multipart, no file or documentType, not a PDF/PNG/JPEG, empty, damaged, password-protected, too many pages or pixels, refused by the pre-scan; no document service enabled on the account; or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or active document) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The same bytes are already on the case: duplicateId is that document */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "duplicateId": 12
                     *     }
                     */
                    "application/json": components["schemas"]["DuplicateDocument"];
                };
            };
            /** @description The file is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Rate limit exceeded, or the account is past a check admission limit (checks in flight, or OCR pages per hour); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description This process is reading as many upload bytes as it may at once (UPLOAD_BYTES_IN_FLIGHT_MB), or every document reader is busy; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 12,
                     *       "caseId": 17,
                     *       "documentType": "BankStatement",
                     *       "fileName": "statement-march.pdf",
                     *       "contentType": "application/pdf",
                     *       "sizeBytes": 2841,
                     *       "sha256": "5f1d8c0e0c4f4f6a2b2f0c5d9d7c1b8a3e6f4d2c1b0a9e8d7c6b5a4f3e2d1c0b",
                     *       "pageCount": 1,
                     *       "createTs": "2026-11-22T10:15:30.120Z",
                     *       "latestExtraction": null,
                     *       "latestRisk": null,
                     *       "latestKyc": null
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentDetail"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or active document) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    deleteDocument: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or active document) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getDocumentContent: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 … */
                    "application/pdf": string;
                    /** @example <image/png bytes> */
                    "image/png": string;
                    /** @example <image/jpeg bytes> */
                    "image/jpeg": string;
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case (or active document) among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    decideAmlHit: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
                id: number;
                hitId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "false_positive"
                 *     }
                 */
                "application/json": {
                    /** @description false_positive: not this person or business, not raised again for the case; true_positive: confirmed */
                    decision: "false_positive" | "true_positive";
                };
            };
        };
        responses: {
            /** @description Recorded (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The decision is not false_positive or true_positive, or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case, completed AML check or hit among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listAmlHitDecisions: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                caseId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decisions; empty when none was made */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "source": "opensanctions",
                     *         "entityId": "Q7747",
                     *         "decision": "false_positive",
                     *         "checkId": 41,
                     *         "hitId": 1,
                     *         "decidedAt": "2026-11-22T10:20:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["HitDecision"][];
                };
            };
            /** @description A caseId that is not a positive integer, or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such case among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listSampleDocuments: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "clean-statement.pdf",
                     *         "contentType": "application/pdf",
                     *         "outcome": "DocumentRisk Low with no signals; …"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        name: string;
                        contentType: string;
                        outcome: string;
                    }[];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Production has no samples (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSampleDocument: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                /** @description A sample file name, e.g. clean-statement.pdf */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example %PDF-1.7 … */
                    "application/pdf": string;
                    /** @example <image/png bytes> */
                    "image/png": string;
                    /** @example <image/jpeg bytes> */
                    "image/jpeg": string;
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description No such sample, or production (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 3,
                     *         "url": "https://example.com/idcheck/webhooks",
                     *         "events": [
                     *           "bank_account.bav_completed"
                     *         ],
                     *         "createdAt": "2026-11-22T10:15:30.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/idcheck/webhooks",
                 *       "events": [
                 *         "bank_account.bav_completed"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description http(s) URL of your receiver; private and loopback addresses are refused in production */
                    url: string;
                    events: ("bank_account.bav_completed" | "bank_account.bav_failed" | "check.completed" | "check.failed" | "document.extracted" | "document.extraction_failed")[];
                };
            };
        };
        responses: {
            /** @description Registered; the signing secret is shown in this response only */
            201: {
                headers: {
                    /** @description The new endpoint: /api/webhooks/<id> */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "url": "https://example.com/idcheck/webhooks",
                     *       "events": [
                     *         "bank_account.bav_completed"
                     *       ],
                     *       "createdAt": "2026-11-22T10:15:30.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            /** @description The url or events are invalid, or an unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The account has 20 active endpoints already; delete one first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "url": "https://example.com/idcheck/webhooks",
                     *       "events": [
                     *         "bank_account.bav_completed"
                     *       ],
                     *       "createdAt": "2026-11-22T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such webhook endpoint among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such webhook endpoint among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveryId": 31,
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": components["schemas"]["DeliveryQueued"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such webhook endpoint among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 31,
                     *         "webhookId": "msg_31",
                     *         "eventId": 54,
                     *         "eventType": "bank_account.bav_completed",
                     *         "status": "succeeded",
                     *         "attemptCount": 2,
                     *         "nextAttemptAt": null,
                     *         "createdAt": "2026-11-22T10:15:31.300Z",
                     *         "attempts": [
                     *           {
                     *             "attemptNumber": 2,
                     *             "statusCode": 200,
                     *             "durationMs": 48,
                     *             "error": null,
                     *             "responseBody": "ok",
                     *             "createdAt": "2026-11-22T10:15:36.420Z"
                     *           },
                     *           {
                     *             "attemptNumber": 1,
                     *             "statusCode": 503,
                     *             "durationMs": 51,
                     *             "error": null,
                     *             "responseBody": "busy",
                     *             "createdAt": "2026-11-22T10:15:31.350Z"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such webhook endpoint among yours (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: {
                /**
                 * @description Requested API version, <major>.<minor> (1.0 or 1); absent = latest (1.0). Any other value is a 400.
                 * @example 1.0
                 */
                "api-version"?: string;
            };
            header?: never;
            path: {
                id: number;
                deliveryId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveryId": 31,
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": components["schemas"]["DeliveryQueued"];
                };
            };
            /** @description Unsupported api-version */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorList"];
                };
            };
            /** @description Missing, malformed, expired or revoked access token. The WWW-Authenticate header is Bearer. */
            401: {
                headers: {
                    /** @description Always Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description No such delivery of this endpoint (empty body) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Rate limit exceeded (15 requests per second per client by default); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed per second */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in the current second */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the window resets */
                    "x-ratelimit-reset"?: number;
                    /** @description IETF RateLimit field */
                    RateLimit?: string;
                    /** @description IETF RateLimit-Policy field */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description Unexpected failure; the body carries the requestId to quote to support */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description The database is unreachable; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
}
