-- Raw: the landed returns with their types, as Parquet.
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
                columns = {'return_id': 'VARCHAR', 'order_id': 'VARCHAR', 'returned_at': 'TIMESTAMPTZ', 'quantity': 'INTEGER',
                           'reason': 'VARCHAR'})
) TO '${store}/${target}${partition}.parquet' (FORMAT parquet);
