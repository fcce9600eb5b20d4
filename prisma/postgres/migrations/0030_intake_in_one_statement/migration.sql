-- intake in one statement: the webhook intake's write (a delivery's receipt and the job it wakes,
-- coalesced key after key) as one function, called in one statement of its own transaction instead
-- of a transaction of four round trips or more (decision 0064). The statements are those of the
-- intake's write program, which SQLite runs as it is (app/flows/receive-webhooks/record-at-once.server.ts:
-- RECEIPT_SQL, SHOP_UNINSTALLED_AT_SQL, ENQUEUE_SQL, LIVE_JOB_SQL, WAKE_ONE_SQL); a change to one of
-- them is a change to this function too: the intake's tests run on both databases, and
-- test/postgres/job-engine.test.ts fails when the columns, conflict rules or hand-over differ.
--
-- Each statement in a function takes a snapshot of its own under READ COMMITTED, as each statement
-- of the transaction did: the live job is read after the insert has waited for, and locked, its row.
-- The job's row lock is now held for the rest of the function alone, not across round trips.
--
-- The whole call is bounded by its wait (wait_ms from its start), as the transaction was by its
-- statement and lock timeouts: a statement already running cannot be given a statement_timeout, so
-- each statement that may wait for a lock is given what is left of the wait as its lock_timeout,
-- and none is begun once nothing is left.

-- Sets the lock_timeout of the next statement to what is left until the deadline; fails as a
-- cancelled statement (SQLSTATE 57014, as statement_timeout does) when nothing is left.
CREATE FUNCTION "intake_wait_left"(deadline TIMESTAMPTZ) RETURNS VOID LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    left_ms INTEGER := floor(extract(epoch FROM deadline - clock_timestamp()) * 1000);
BEGIN
    IF left_ms <= 0 THEN
        RAISE EXCEPTION 'The intake''s write did not finish within its wait' USING ERRCODE = 'query_canceled';
    END IF;
    PERFORM set_config('lock_timeout', left_ms::TEXT, true);
END
$$;

CREATE FUNCTION "intake_record_and_queue"(
    wait_ms INTEGER,
    -- The receipt (all null for a wake-up that records none: the fulfillment-service callback's).
    receipt_id TEXT,
    receipt_shop TEXT,
    receipt_topic TEXT,
    receipt_webhook_id TEXT,
    receipt_event_id TEXT,
    receipt_api_version TEXT,
    receipt_triggered_at TIMESTAMP(3),
    receipt_received_at TIMESTAMP(3),
    receipt_processed_at TIMESTAMP(3),
    receipt_status TEXT,
    receipt_reason TEXT,
    receipt_payload TEXT,
    receipt_customer_id TEXT,
    receipt_order_id TEXT,
    receipt_address_digest TEXT,
    -- Nothing is recorded for a shop the app was uninstalled from: the caller learns since when.
    unless_uninstalled BOOLEAN,
    -- The job (a null kind: none), tried under each key in turn until one is queued or found waiting.
    job_id TEXT,
    job_shop TEXT,
    job_kind TEXT,
    job_payload TEXT,
    job_max_attempts INTEGER,
    job_tier INTEGER,
    job_keys TEXT[],
    job_run_ats TIMESTAMP(3)[],
    now TIMESTAMP(3)
) RETURNS TABLE (
    "receiptId" TEXT,
    "duplicate" BOOLEAN,
    "uninstalledAt" TIMESTAMP(3),
    "jobId" TEXT,
    "enqueued" BOOLEAN,
    "jobStatus" TEXT
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    inserted TEXT;
    key_index INTEGER;
    deadline TIMESTAMPTZ := clock_timestamp() + wait_ms * INTERVAL '1 millisecond';
BEGIN
    -- Each statement its own snapshot, as the program's statements were: only under READ COMMITTED
    -- (the transaction of the call is the session's default one).
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'The intake''s write runs under READ COMMITTED, not %: set default_transaction_isolation back', current_setting('transaction_isolation');
    END IF;

    IF receipt_id IS NOT NULL THEN
        PERFORM "intake_wait_left"(deadline);
        INSERT INTO "WebhookReceipt" ("id", "shop", "topic", "webhookId", "eventId", "apiVersion", "triggeredAt", "receivedAt", "processedAt", "status", "reason", "payload", "customerId", "orderId", "shippingAddressDigest")
        SELECT receipt_id, receipt_shop, receipt_topic, receipt_webhook_id, receipt_event_id, receipt_api_version, receipt_triggered_at,
            receipt_received_at, receipt_processed_at, receipt_status::"WebhookReceiptStatus", receipt_reason, receipt_payload,
            receipt_customer_id, receipt_order_id, receipt_address_digest
        WHERE NOT unless_uninstalled OR NOT EXISTS (SELECT 1 FROM "Shop" WHERE "Shop"."domain" = receipt_shop AND "Shop"."uninstalledAt" IS NOT NULL)
        ON CONFLICT ("shop", "topic", "eventId") DO NOTHING
        RETURNING "WebhookReceipt"."id" INTO inserted;
        IF inserted IS NULL THEN
            IF unless_uninstalled THEN
                SELECT "Shop"."uninstalledAt" INTO "uninstalledAt" FROM "Shop" WHERE "Shop"."domain" = receipt_shop;
                IF "uninstalledAt" IS NOT NULL THEN
                    RETURN NEXT;
                    RETURN;
                END IF;
            END IF;
            SELECT "WebhookReceipt"."id" INTO "receiptId" FROM "WebhookReceipt"
            WHERE "WebhookReceipt"."shop" = receipt_shop AND "WebhookReceipt"."topic" = receipt_topic AND "WebhookReceipt"."eventId" = receipt_event_id;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'The receipt of % event % was neither inserted nor found', receipt_topic, receipt_event_id;
            END IF;
            "duplicate" := true;
            RETURN NEXT;
            RETURN;
        END IF;
        "receiptId" := inserted;
        "duplicate" := false;
    END IF;
    IF job_kind IS NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;

    FOR key_index IN 1 .. array_length(job_keys, 1) LOOP
        inserted := NULL;
        PERFORM "intake_wait_left"(deadline);
        -- Insert, or re-arm the finished job holding the key; a live one is locked and left as it is.
        INSERT INTO "Job" ("id", "shop", "kind", "payload", "dedupeKey", "status", "attempts", "maxAttempts", "runAt", "createdAt", "updatedAt", "tier")
        VALUES (job_id, job_shop, job_kind, job_payload, job_keys[key_index], 'PENDING', 0, job_max_attempts, job_run_ats[key_index], now, now, job_tier)
        ON CONFLICT ("dedupeKey") DO UPDATE SET
            "shop" = excluded."shop", "kind" = excluded."kind", "payload" = excluded."payload", "tier" = excluded."tier",
            "status" = 'PENDING', "attempts" = 0, "maxAttempts" = excluded."maxAttempts", "runAt" = excluded."runAt",
            "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "lastError" = NULL, "lastErrorSay" = NULL, "finishedAt" = NULL,
            "createdAt" = excluded."createdAt", "updatedAt" = excluded."updatedAt"
        WHERE "Job"."status" IN ('DONE', 'DEAD')
        RETURNING "Job"."id" INTO inserted;
        IF inserted IS NOT NULL THEN
            -- Handed to the job engine in the same transaction (app/jobs/engine/wake.server.ts, ADD_JOB).
            PERFORM "intake_wait_left"(deadline);
            PERFORM graphile_worker.add_job(
                "Job"."kind",
                json_build_object('jobId', "Job"."id", 'shop', "Job"."shop"),
                run_at := "Job"."runAt",
                max_attempts := GREATEST(1, "Job"."maxAttempts" - "Job"."attempts"),
                job_key := "Job"."id",
                job_key_mode := 'replace',
                priority := "Job"."tier"
            ) FROM "Job" WHERE "Job"."id" = inserted AND "Job"."status" = 'PENDING';
            "jobId" := inserted;
            "enqueued" := true;
            "jobStatus" := 'PENDING';
            RETURN NEXT;
            RETURN;
        END IF;
        IF job_keys[key_index] IS NULL THEN
            RAISE EXCEPTION 'The job was not inserted, yet it has no dedupeKey to conflict on';
        END IF;
        SELECT "Job"."id", "Job"."status"::TEXT INTO "jobId", "jobStatus" FROM "Job" WHERE "Job"."dedupeKey" = job_keys[key_index];
        IF NOT FOUND THEN
            RAISE EXCEPTION 'The job holding % was neither inserted nor found', job_keys[key_index];
        END IF;
        "enqueued" := false;
        -- Only a waiting job takes the trigger: a running one may have read before it.
        EXIT WHEN "jobStatus" = 'PENDING';
    END LOOP;
    RETURN NEXT;
END
$$;
