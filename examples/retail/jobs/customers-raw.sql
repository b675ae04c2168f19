-- Raw: the landed customers with their types, as Parquet.
COPY (
  SELECT *
  FROM read_csv('${store}/${source}${partition}.csv', header = true, auto_detect = false, delim = ',', quote = '"', escape = '"',
                columns = {'customer_id': 'VARCHAR', 'name': 'VARCHAR', 'email': 'VARCHAR', 'city': 'VARCHAR',
                           'country': 'VARCHAR', 'signup_date': 'DATE', 'segment': 'VARCHAR'})
) TO '${store}/${target}${partition}.parquet' (FORMAT parquet);
