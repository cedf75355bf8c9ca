// The end of a trainer's page (after its last cell): show the cells, as Voila's inline script did.
window.voila_finish();
