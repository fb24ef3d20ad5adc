// Resources and data sources for the Flashduty AI SRE platform: MCP servers, their disablements, automation rules, skills, knowledge files and A2A agents.
package flashduty
