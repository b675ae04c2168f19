-- Enriched: returns with their business date, as Parquet for the lake and as the CSV batch for retail.returns.
CREATE TABLE returns AS
  SELECT return_id, order_id, returned_at, CAST(returned_at AT TIME ZONE 'UTC' AS DATE) AS return_date, quantity, reason
  FROM read_parquet('${store}/${source}${partition}.parquet');

COPY returns TO '${store}/${target}${partition}.parquet' (FORMAT parquet);

COPY (SELECT * FROM returns ORDER BY return_id) TO '${store}/${extract}${partition}.csv' (HEADER);
