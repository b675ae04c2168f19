-- Enriched: each order line with its business date and total, as Parquet for the lake, and as the CSV
-- batch copy-to-warehouse loads into retail.orders (its columns are the table's).
CREATE TABLE orders AS
  SELECT order_id, customer_id, ordered_at, CAST(ordered_at AT TIME ZONE 'UTC' AS DATE) AS order_date, store_id, sku,
         quantity, unit_price, currency, CAST(quantity * unit_price AS DECIMAL(12, 2)) AS line_total
  FROM read_parquet('${store}/${source}${partition}.parquet');

COPY orders TO '${store}/${target}${partition}.parquet' (FORMAT parquet);

COPY (SELECT * FROM orders ORDER BY order_id) TO '${store}/${extract}${partition}.csv' (HEADER);
