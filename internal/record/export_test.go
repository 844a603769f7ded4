package record

// Writers of real records, for the schema test, and the output file's
// opener and reader, for the output test, in package record_test.
var (
	TilesRecords    = tilesRecords
	RotationRecords = rotationRecords
	AppendOutput    = appendOutput
	ReadOutput      = readOutput
)
