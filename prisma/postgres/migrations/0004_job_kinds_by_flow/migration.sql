-- job kinds by flow: every job kind is named after the flow folder whose handler runs it (decision 0033).
-- Rows queued by the previous version keep working: their kind, and the kind their dedupe key starts with, are renamed.
UPDATE "Job" SET "kind" = 'cancel.fulfillment-order', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'fulfillment-orders.cancelled:%' THEN 'cancel.fulfillment-order' || substr("dedupeKey", 29) ELSE "dedupeKey" END WHERE "kind" = 'fulfillment-orders.cancelled';
UPDATE "Job" SET "kind" = 'cancel.order', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'orders.cancelled:%' THEN 'cancel.order' || substr("dedupeKey", 17) ELSE "dedupeKey" END WHERE "kind" = 'orders.cancelled';
UPDATE "Job" SET "kind" = 'keys.reencrypt', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'credentials.reencrypt:%' THEN 'keys.reencrypt' || substr("dedupeKey", 22) ELSE "dedupeKey" END WHERE "kind" = 'credentials.reencrypt';
UPDATE "Job" SET "kind" = 'cancel.requests', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'cancellation-requests.fetch:%' THEN 'cancel.requests' || substr("dedupeKey", 28) ELSE "dedupeKey" END WHERE "kind" = 'cancellation-requests.fetch';
UPDATE "Job" SET "kind" = 'plan.requests', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'fulfillment-requests.fetch:%' THEN 'plan.requests' || substr("dedupeKey", 27) ELSE "dedupeKey" END WHERE "kind" = 'fulfillment-requests.fetch';
UPDATE "Job" SET "kind" = 'plan.routed', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'fulfillment-orders.routed:%' THEN 'plan.routed' || substr("dedupeKey", 26) ELSE "dedupeKey" END WHERE "kind" = 'fulfillment-orders.routed';
UPDATE "Job" SET "kind" = 'plan.backfill', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'orders.backfill:%' THEN 'plan.backfill' || substr("dedupeKey", 16) ELSE "dedupeKey" END WHERE "kind" = 'orders.backfill';
UPDATE "Job" SET "kind" = 'change.orders', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'orders.changed:%' THEN 'change.orders' || substr("dedupeKey", 15) ELSE "dedupeKey" END WHERE "kind" = 'orders.changed';
UPDATE "Job" SET "kind" = 'change.wake', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.wake:%' THEN 'change.wake' || substr("dedupeKey", 15) ELSE "dedupeKey" END WHERE "kind" = 'shipments.wake';
UPDATE "Job" SET "kind" = 'install.fulfillment-services', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'fulfillment-services.ensure:%' THEN 'install.fulfillment-services' || substr("dedupeKey", 28) ELSE "dedupeKey" END WHERE "kind" = 'fulfillment-services.ensure';
UPDATE "Job" SET "kind" = 'receive-webhooks.uninstall-confirm', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'app.uninstall-confirm:%' THEN 'receive-webhooks.uninstall-confirm' || substr("dedupeKey", 22) ELSE "dedupeKey" END WHERE "kind" = 'app.uninstall-confirm';
UPDATE "Job" SET "kind" = 'push.batch', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.push:%' THEN 'push.batch' || substr("dedupeKey", 15) ELSE "dedupeKey" END WHERE "kind" = 'shipments.push';
UPDATE "Job" SET "kind" = 'push.one', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.send-one:%' THEN 'push.one' || substr("dedupeKey", 19) ELSE "dedupeKey" END WHERE "kind" = 'shipments.send-one';
UPDATE "Job" SET "kind" = 'follow.poll', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.poll-status:%' THEN 'follow.poll' || substr("dedupeKey", 22) ELSE "dedupeKey" END WHERE "kind" = 'shipments.poll-status';
UPDATE "Job" SET "kind" = 'write-back.fulfil', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.write-back:%' THEN 'write-back.fulfil' || substr("dedupeKey", 21) ELSE "dedupeKey" END WHERE "kind" = 'shipments.write-back';
UPDATE "Job" SET "kind" = 'track.checkpoints', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shipments.track:%' THEN 'track.checkpoints' || substr("dedupeKey", 16) ELSE "dedupeKey" END WHERE "kind" = 'shipments.track';
UPDATE "Job" SET "kind" = 'catalogue.register', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'skus.register:%' THEN 'catalogue.register' || substr("dedupeKey", 14) ELSE "dedupeKey" END WHERE "kind" = 'skus.register';
UPDATE "Job" SET "kind" = 'shop-access.check', "dedupeKey" = CASE WHEN "dedupeKey" LIKE 'shopify-access.check:%' THEN 'shop-access.check' || substr("dedupeKey", 21) ELSE "dedupeKey" END WHERE "kind" = 'shopify-access.check';

-- The job engine's wake-ups name the kind as their task: its waiting wake-ups follow the rename.
DO $$
BEGIN
  IF to_regclass('graphile_worker._private_tasks') IS NOT NULL THEN
    UPDATE graphile_worker._private_tasks SET identifier = 'cancel.fulfillment-order' WHERE identifier = 'fulfillment-orders.cancelled' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'cancel.fulfillment-order');
    UPDATE graphile_worker._private_tasks SET identifier = 'cancel.order' WHERE identifier = 'orders.cancelled' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'cancel.order');
    UPDATE graphile_worker._private_tasks SET identifier = 'keys.reencrypt' WHERE identifier = 'credentials.reencrypt' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'keys.reencrypt');
    UPDATE graphile_worker._private_tasks SET identifier = 'cancel.requests' WHERE identifier = 'cancellation-requests.fetch' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'cancel.requests');
    UPDATE graphile_worker._private_tasks SET identifier = 'plan.requests' WHERE identifier = 'fulfillment-requests.fetch' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'plan.requests');
    UPDATE graphile_worker._private_tasks SET identifier = 'plan.routed' WHERE identifier = 'fulfillment-orders.routed' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'plan.routed');
    UPDATE graphile_worker._private_tasks SET identifier = 'plan.backfill' WHERE identifier = 'orders.backfill' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'plan.backfill');
    UPDATE graphile_worker._private_tasks SET identifier = 'change.orders' WHERE identifier = 'orders.changed' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'change.orders');
    UPDATE graphile_worker._private_tasks SET identifier = 'change.wake' WHERE identifier = 'shipments.wake' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'change.wake');
    UPDATE graphile_worker._private_tasks SET identifier = 'install.fulfillment-services' WHERE identifier = 'fulfillment-services.ensure' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'install.fulfillment-services');
    UPDATE graphile_worker._private_tasks SET identifier = 'receive-webhooks.uninstall-confirm' WHERE identifier = 'app.uninstall-confirm' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'receive-webhooks.uninstall-confirm');
    UPDATE graphile_worker._private_tasks SET identifier = 'push.batch' WHERE identifier = 'shipments.push' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'push.batch');
    UPDATE graphile_worker._private_tasks SET identifier = 'push.one' WHERE identifier = 'shipments.send-one' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'push.one');
    UPDATE graphile_worker._private_tasks SET identifier = 'follow.poll' WHERE identifier = 'shipments.poll-status' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'follow.poll');
    UPDATE graphile_worker._private_tasks SET identifier = 'write-back.fulfil' WHERE identifier = 'shipments.write-back' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'write-back.fulfil');
    UPDATE graphile_worker._private_tasks SET identifier = 'track.checkpoints' WHERE identifier = 'shipments.track' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'track.checkpoints');
    UPDATE graphile_worker._private_tasks SET identifier = 'catalogue.register' WHERE identifier = 'skus.register' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'catalogue.register');
    UPDATE graphile_worker._private_tasks SET identifier = 'shop-access.check' WHERE identifier = 'shopify-access.check' AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_tasks WHERE identifier = 'shop-access.check');
  END IF;
END $$;
