-- Raw: the landed orders with their types, as Parquet. A value that does not convert fails the run, naming its line.
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
                columns = {'order_id': 'VARCHAR', 'customer_id': 'VARCHAR', 'ordered_at': 'TIMESTAMPTZ', 'store_id': 'VARCHAR',
                           'sku': 'VARCHAR', 'quantity': 'INTEGER', 'unit_price': 'DECIMAL(10, 2)', 'currency': 'VARCHAR'})
) TO '${store}/${target}${partition}.parquet' (FORMAT parquet);
