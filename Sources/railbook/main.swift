import Glibc
import Railbook

exit(RailbookCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
