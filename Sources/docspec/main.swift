import DocSpecKit
import Foundation

exit(DocSpecCLI.run(Array(CommandLine.arguments.dropFirst())))
