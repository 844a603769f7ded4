package record

// Writers of real records, for the schema test in package record_test.
var (
	TilesRecords    = tilesRecords
	RotationRecords = rotationRecords
)
