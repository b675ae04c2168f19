# Sluice's own blobs in the data container (modules/azure/main.tf locals; triggers SluiceObjects in Java) are left out
# of the object-created Event Grid subscription, by subject, so a sleeping execution's blob starts no pipeline.
variables {
  name                = "sluice-test"
  name_suffix         = "abcd"
  location            = "westeurope"
  resource_group_name = "rg"
  artifact_path       = "outputs.tf"
}

run "own_blobs" {
  command = plan

  assert {
    condition = output.own_blob_subjects == [
      "/blobServices/default/containers/data/blobs/archive/executions/",
      "/blobServices/default/containers/data/blobs/hibernated/executions/",
      "/blobServices/default/containers/data/blobs/history/",
    ]
    error_message = "the archive's, the sleeping executions' and the history payloads' blobs of the data container, as Event Grid's subjects name them"
  }
}
