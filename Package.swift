// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Railbook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "railbook", targets: ["railbook"])
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CMalloc"), // glibc's malloc.h, part of libc6-dev

        .target(name: "Locking"),
        .target(name: "HTTP", dependencies: ["CMicroHTTPD", "Locking"]),
        .target(name: "Mustache"),
        .target(name: "Metrics"),
        .target(name: "Storage"),
        .target(name: "SQLite", dependencies: ["CSQLite", "Locking", "Storage"]),
        .target(name: "PostgreSQL", dependencies: ["CPostgres", "Locking", "Storage"]),
        .target(name: "Secrets", dependencies: ["CSodium"]),
        .target(
            name: "Railbook",
            dependencies: [
                "HTTP", "Locking", "Metrics", "Mustache", "Storage", "SQLite", "PostgreSQL", "Secrets", "CQRencode", "CMalloc", "CCurl", "CCairo",
                "CZip",
            ]),
        .executableTarget(name: "railbook", dependencies: ["Railbook"]),
        .target(name: "HTMLTesting", dependencies: ["Railbook", "HTTP", "Locking", "Storage", "CLibXML2", "PostgresTesting"]),
        .target(name: "PostgresTesting", dependencies: ["Locking", "PostgreSQL"]),

        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "HTMLTesting"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(name: "SQLiteTests", dependencies: ["Locking", "SQLite", "Storage"]),
        .testTarget(name: "PostgreSQLTests", dependencies: ["Locking", "PostgreSQL", "PostgresTesting"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets"]),
        .testTarget(name: "HTMLTestingTests", dependencies: ["HTMLTesting"]),
        .testTarget(name: "RailbookTests", dependencies: ["Railbook", "HTMLTesting", "HTTP", "Storage", "SQLite", "PostgresTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
