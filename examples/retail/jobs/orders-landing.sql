-- Landing: the source system's drop file, taken into the landing zone as it is once it has proved to be
-- well-formed CSV with the expected columns. Strict: a line with a field too many or too few fails the run.
-- Arguments: source, target (folders of the data folder), partition (the business date).
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, strict_mode = true,
                delim = ',', quote = '"', escape = '"',
                columns = {'order_id': 'VARCHAR', 'customer_id': 'VARCHAR', 'ordered_at': 'VARCHAR', 'store_id': 'VARCHAR',
                           'sku': 'VARCHAR', 'quantity': 'VARCHAR', 'unit_price': 'VARCHAR', 'currency': 'VARCHAR'})
) TO '${store}/${target}${partition}.csv' (HEADER);
