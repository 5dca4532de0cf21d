-- Rate limits in one call: counts one attempt against every rule (a key per rule, its limit, the start of its
-- window), or against none when one is used up, and answers whether it counted. Each key is locked until the
-- transaction ends, in key order (no deadlock); the hits are counted after the locks are granted, which a
-- VOLATILE function's every query sees (a fresh snapshot each), so two calls never share the last slot.
-- 7301 is the rate limits' advisory-lock space (the two-number form, apart from single-number locks).
CREATE OR REPLACE FUNCTION lc_consume_rate_limits(keys text[], limits integer[], since timestamptz[], at timestamptz)
  RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7301, hashtext(k))
    FROM unnest(ARRAY(SELECT DISTINCT u FROM unnest(keys) AS u ORDER BY u)) WITH ORDINALITY AS locks(k, n)
    ORDER BY n;
  IF EXISTS (
    SELECT 1 FROM unnest(keys, limits, since) AS c(key, lim, since)
    WHERE (SELECT count(*) FROM rate_limit_hits h WHERE h.key = c.key AND h.created_at > c.since) >= c.lim
  ) THEN
    RETURN false;
  END IF;
  INSERT INTO rate_limit_hits (key, created_at) SELECT k, at FROM unnest(keys) AS k;
  RETURN true;
END $$;
