// Resources and data sources for the Flashduty AI SRE platform: MCP servers, their disablement, and automation rules.
package flashduty
