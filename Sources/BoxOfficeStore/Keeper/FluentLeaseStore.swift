public import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Named leases in `leases`, shared by every instance on the database.
///
/// Taking or renewing a lease is one upsert that replaces the row only when the lease is free, expired at `now` or
/// already the holder's, and answers the row when it did; the database applies it atomically, so of any number of
/// instances asking at once exactly one holds the lease.
struct FluentLeaseStore: LeaseStore {
    let database: any Database

    static let table = "leases"

    func acquire(_ name: String, holder: String, now: Date, until: Date) async throws -> Bool {
        try await StorageFailure.run("take the lease \(name)", logger: database.logger) {
            let row = try await database.requireSQL().raw(
                """
                INSERT INTO \(ident: Self.table) (name, holder, expires_at)
                VALUES (\(bind: name), \(bind: holder), \(bind: until))
                ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE \(ident: Self.table).holder = excluded.holder OR \(ident: Self.table).expires_at <= \(bind: now)
                RETURNING holder
                """
            ).first()
            return row != nil
        }
    }

    func release(_ name: String, holder: String) async throws {
        try await StorageFailure.run("release the lease \(name)", logger: database.logger) {
            try await database.requireSQL().delete(from: Self.table)
                .where("name", .equal, name)
                .where("holder", .equal, holder)
                .run()
        }
    }

    func holder(of name: String, now: Date) async throws -> String? {
        try await StorageFailure.run("read the lease \(name)", logger: database.logger) {
            let row = try await database.requireSQL().select()
                .column("holder")
                .from(Self.table)
                .where("name", .equal, name)
                .where("expires_at", .greaterThan, now)
                .first()
            return try row?.decode(column: "holder", as: String.self)
        }
    }
}

extension BoxOfficeDatabase {
    /// Named leases (the keeper's leadership, claims on cold charts), shared by every instance on this database.
    public func leaseStore() -> any LeaseStore {
        FluentLeaseStore(database: database)
    }
}
