import Glibc
import Railbook

exit(RailbookCommand.run(arguments: programArguments()))
