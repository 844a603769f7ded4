package main
import (_ "github.com/klauspost/compress/zstd"; _ "github.com/spf13/cobra")
func main(){}
