-- Unload: the day's order lines with their customer's country and segment. Locally it reads the lake's
-- enriched layer (the same rows the warehouse was loaded with); in the cloud this is an UNLOAD from the warehouse.
COPY (
  SELECT o.order_id, o.order_date, o.store_id, o.quantity, o.line_total, c.country, c.segment
  FROM read_parquet('${store}/${orders}${partition}.parquet') AS o
  JOIN read_parquet('${store}/${customers}${partition}.parquet') AS c USING (customer_id)
) TO '${store}/${target}${partition}.parquet' (FORMAT parquet);
